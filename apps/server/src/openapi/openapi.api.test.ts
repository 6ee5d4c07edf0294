/**
 * The endpoint table and what is made of it (ADR 0031): every route the server registers is an entry (or still on
 * the shrinking list of routes registered by hand), every entry is registered and documented, the documents are
 * valid OpenAPI 3.1, and a client generated from them by a standard generator type-checks.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import zlib from 'node:zlib';
import { endpoint, endpointKey, endpointTable, opsJobApi, settlementApi, userApi } from '@cc/contracts';
import Fastify, { type RouteOptions } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind } from '../../test/test-app.js';
import { enforceEndpointTable } from '../plugins/endpoint-route.js';

const OPERATOR_TOKEN = 'operator-token-for-the-openapi-tests-0123456789';

// A web build beside the server, so that its catch-all page is there to be (wrongly) answered.
const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-openapi-web-'));
fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>创作者中心</title><div id="root"></div>');
const routes: RouteOptions[] = [];
const ctx = await createTestApp({ OPERATOR_TOKEN, WEB_DIST_DIR: webDir }, { onRoute: (route) => routes.push(route) });
afterAll(() => ctx.close());

const registered = new Set(routes.flatMap((route) => [route.method].flat().map((m) => endpointKey(m, route.url))));
const entries = endpointTable.map((entry) => endpointKey(entry.method, entry.path));

async function document(url: string, token?: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, json: response.json() as Record<string, unknown> };
}

function documentedKeys(doc: Record<string, unknown>): string[] {
  const paths = doc.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([p, operations]) =>
    Object.keys(operations).map((method) =>
      endpointKey(method, p.replace(/\{path\}$/, '*').replace(/\{(\w+)\}/g, ':$1')),
    ),
  );
}

describe(`the endpoint table (${testDatabaseKind})`, () => {
  it('is what the server registers: every entry registered, every route an entry', () => {
    expect(entries.filter((key) => !registered.has(key))).toEqual([]);
    const webFile = /^\/[^:*]*\.[a-z0-9]+$/;
    const stray = [...registered].filter((key) => {
      const [method, url] = key.split(' ') as [string, string];
      if (webFile.test(url) || (method === 'HEAD' && registered.has(endpointKey('GET', url)))) return false;
      return !entries.includes(key);
    });
    expect(stray).toEqual([]);
    expect(new Set(entries).size).toBe(entries.length);
  });

  it('refuses, at start-up, a route registered outside the table', async () => {
    const app = Fastify();
    enforceEndpointTable(app, endpointTable);
    expect(() => app.get('/agent/v1/not-in-the-table', async () => 'x')).toThrow(/not an entry of the endpoint table/);
    expect(() => app.post('/agent/v1/made-up', async () => 'x')).toThrow(/POST \/agent\/v1\/made-up/);
    await app.close();
  });

  it('refuses a creator or operator entry registered without route(), which would leave out its guard', async () => {
    const app = Fastify();
    enforceEndpointTable(app, endpointTable);
    expect(() => app.get(userApi.info.path, async () => 'x')).toThrow(/GET \/agent\/v1\/user\/info.*guard/);
    expect(() => app.head(opsJobApi.list.path, async () => 'x')).toThrow(/HEAD \/ops\/v1\/jobs.*guard/);
    await app.close();
  });

  it('refuses a local entry outside /dev/, where nothing would keep it to this machine', async () => {
    const stray = endpoint({ method: 'GET', path: '/agent/v1/debug', guard: 'local', tag: '示例', summary: '示例' });
    expect(() => enforceEndpointTable(Fastify(), [...endpointTable, stray])).toThrow(/GET \/agent\/v1\/debug/);
  });
});

describe(`the OpenAPI documents (${testDatabaseKind})`, () => {
  it('/openapi.json is valid OpenAPI 3.1 and documents every creator, partner and public entry', async () => {
    const { status, json } = await document('/openapi.json');
    expect(status).toBe(200);
    expect(json.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(json) as never);
    const publicEntries = endpointTable.filter(
      (entry) => entry.guard !== 'operator' && entry.guard !== 'local' && !entry.path.startsWith('/ops/'),
    );
    expect(documentedKeys(json).sort()).toEqual(publicEntries.map((e) => endpointKey(e.method, e.path)).sort());
    const ids = Object.values(json.paths as Record<string, Record<string, { operationId: string }>>).flatMap((ops) =>
      Object.values(ops).map((op) => op.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('/ops/v1/openapi.json is for operators only and documents every operator entry', async () => {
    expect((await document('/ops/v1/openapi.json')).status).toBe(401);
    const { status, json } = await document('/ops/v1/openapi.json', OPERATOR_TOKEN);
    expect(status).toBe(200);
    await SwaggerParser.validate(structuredClone(json) as never);
    const operatorEntries = endpointTable.filter((entry) => entry.path.startsWith('/ops/'));
    expect(documentedKeys(json).sort()).toEqual(operatorEntries.map((e) => endpointKey(e.method, e.path)).sort());
  });

  it('each document names only the credentials its own operations use', async () => {
    const schemes = (doc: Record<string, unknown>) =>
      Object.keys((doc.components as { securitySchemes: object }).securitySchemes);
    expect(schemes((await document('/openapi.json')).json)).toEqual(['creator']);
    expect(schemes((await document('/ops/v1/openapi.json', OPERATOR_TOKEN)).json)).toEqual(['operator']);
  });

  it('describes an endpoint as the server answers it: the envelope, its body, the success text and the errors', async () => {
    const { json } = await document('/openapi.json');
    const create = (json.paths as Record<string, Record<string, Record<string, unknown>>>)['/agent/v1/order/create']!
      .post!;
    expect(create.summary).toBe('下单购买积分套餐');
    const ok = (create.responses as Record<string, { description: string; content: unknown }>)['200']!;
    expect(ok.description).toContain('下单成功');
    expect(JSON.stringify(ok.content)).toContain('order_no');
    expect((create.responses as Record<string, { description: string }>)['4XX']!.description).toContain('40052');
    expect(create.security).toEqual([{ creator: [] }]);
  });

  it("a client generated by openapi-typescript type-checks a partner's order, and refuses a wrong one", async () => {
    const { json } = await document('/openapi.json');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-openapi-client-'));
    fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(json as never)));
    const call = (body: string) =>
      [
        "import type { paths } from './api';",
        "type Report = paths['/open/v1/orders']['post'];",
        "type Body = Report['requestBody']['content']['application/json'];",
        "type Answer = Report['responses']['200']['content']['application/json'];",
        `const body: Body = ${body};`,
        'declare const answer: Answer;',
        "const status: 'attributed' | 'unattributed' | 'held' | 'duplicate' | string = answer.body.status;",
        'export { body, status };',
      ].join('\n');
    fs.writeFileSync(path.join(dir, 'good.ts'), call(JSON.stringify(settlementApi.openOrder.example.body)));
    fs.writeFileSync(
      path.join(dir, 'bad.ts'),
      call("{ order_id: 'A1', code: 'ABCD2345', order_type: 1, amount: 12.34 }"),
    );
    // One compiler run for both files: the generated client is large, and the compiler's start is most of the time.
    const tsc = path.resolve('node_modules/typescript/bin/tsc');
    const args = ['--noEmit', '--strict', '--skipLibCheck', '--module', 'nodenext', 'good.ts', 'bad.ts'];
    let output = '';
    try {
      execFileSync(process.execPath, [tsc, ...args], { cwd: dir, encoding: 'utf8' });
    } catch (error) {
      output = String((error as { stdout?: string }).stdout);
    }
    const errors = output.split('\n').filter((line) => line.includes('error TS'));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.filter((line) => !line.startsWith('bad.ts'))).toEqual([]);
  }, 90_000);
});

describe(`the reference page (${testDatabaseKind})`, () => {
  it('/docs/ is Scalar over /openapi.json, its one inline script allowed by hash', async () => {
    const redirect = await ctx.app.inject({ method: 'GET', url: '/docs' });
    expect(redirect.statusCode).toBe(301);
    const page = await ctx.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/openapi.json');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline'; script");
    const script = await ctx.app.inject({ method: 'GET', url: '/docs/js/scalar.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
  });

  it('sends the documents and the reference script compressed, once per version: an unchanged copy is a 304', async () => {
    for (const [url, token] of [
      ['/openapi.json'],
      ['/ops/v1/openapi.json', OPERATOR_TOKEN],
      ['/docs/js/scalar.js'],
    ] as const) {
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      const plain = await ctx.app.inject({ method: 'GET', url, headers });
      expect(plain.statusCode, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      const br = await ctx.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.rawPayload.length, url).toBeLessThan(plain.rawPayload.length / 4);
      expect(zlib.brotliDecompressSync(br.rawPayload).equals(plain.rawPayload), url).toBe(true);
      expect(br.headers.vary, url).toContain('accept-encoding');
      expect(br.headers['cache-control'], url).toBe('no-cache');
      expect(br.headers.etag, url).toMatch(/^"[\w-]+"$/);
      expect(br.headers.etag, url).not.toBe(plain.headers.etag);
      const again = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...headers, 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
    }
    // The operator's document is still the operator's: no copy of it is handed out without the token.
    const cached = await ctx.app.inject({
      method: 'GET',
      url: '/ops/v1/openapi.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(cached.statusCode).toBe(401);
  });

  it('answers a Host that names no host with 400, not a server error', async () => {
    for (const url of ['/docs', '/docs/']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { host: 'a b' } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({ code: 40000 });
    }
  });

  it('answers 404, not the web app, where API tools look for other references', async () => {
    for (const url of ['/swagger', '/swagger/index.html', '/docs/json', '/openapi.yaml', '/api-docs', '/redoc']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
    // The web app still answers its own pages.
    expect((await ctx.app.inject({ method: 'GET', url: '/task' })).body).toContain('<div id="root">');
  });
});
