/**
 * Every guard (vendor header, per-IP limit on the API, operator and short-link paths, local-only development
 * routes) holds however the path is spelled on the wire: percent-encoded, absolute-form or with doubled slashes.
 * Requests go over a real socket, since `inject` would normalise some of these request lines.
 */
import { ErrorCode } from '@cc/contracts';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, nextPhone, testDatabaseKind, type TestContext } from '../../test/test-app.js';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends one HTTP/1.1 request with the request target exactly as given. */
function rawRequest(
  port: number,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = '',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const lines = [`${method} ${target} HTTP/1.1`, `host: 127.0.0.1:${port}`, 'connection: close'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body) lines.push('content-type: application/json', `content-length: ${Buffer.byteLength(body)}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const at = line.indexOf(':');
        parsed[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      const payload = rest.join('\r\n\r\n');
      const chunked = parsed['transfer-encoding'] === 'chunked';
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: parsed,
        body: chunked ? payload.replace(/^[\da-f]+\r\n|\r\n[\da-f]+\r\n|\r\n0\r\n\r\n$/gi, '') : payload,
      });
    });
  });
}

/** The spellings of one path that a router may treat as that path. */
function spellings(path: string, port: number): string[] {
  const [first = '', ...rest] = path.slice(1).split('/');
  const encodedFirst = `%${first.charCodeAt(0).toString(16)}${first.slice(1)}`;
  return [
    `/${encodedFirst}/${rest.join('/')}`,
    `/${first}%2F${rest.join('/')}`,
    `/${first}/${rest.join('%2f')}`,
    `http://127.0.0.1:${port}${path}`,
    `http://elsewhere.example${path}`,
    `/${path}`,
    `${path.replace(/\//g, '//')}`,
    `/.${path}`,
    `/x/..${path}`,
  ];
}

function codeOf(response: RawResponse): number {
  return (JSON.parse(response.body) as { code: number }).code;
}

describe(`route guards hold for every spelling of a path (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({ RATE_LIMIT_PER_IP: '1000', OPERATOR_TOKEN: 'operator-token-for-the-guard-tests' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('the plain paths are guarded (baseline)', async () => {
    const api = await rawRequest(port, 'GET', '/agent/v1/app/map');
    expect(api.status).toBe(400);
    expect(codeOf(api)).toBe(ErrorCode.vendorMissing);
    expect(api.headers['x-ratelimit-limit']).toBe('1000');
    expect((await rawRequest(port, 'GET', '/s/NOSUCHCODE')).headers['x-ratelimit-limit']).toBe('1000');
    expect((await rawRequest(port, 'GET', '/ops/v1/applications')).headers['x-ratelimit-limit']).toBe('1000');
  });

  it('an API route reached by any spelling demands the vendor header and is rate limited, or is an envelope 404', async () => {
    const reached: string[] = [];
    for (const target of spellings('/agent/v1/app/map', port)) {
      const response = await rawRequest(port, 'GET', target);
      expect(response.status, target).not.toBe(200);
      expect([ErrorCode.vendorMissing, ErrorCode.routeNotFound], target).toContain(codeOf(response));
      if (codeOf(response) === ErrorCode.vendorMissing) {
        reached.push(target);
        expect(response.headers['x-ratelimit-limit'], target).toBe('1000');
      } else {
        expect(response.status, target).toBe(404);
      }
    }
    // The router does decode these, so they are the spellings that used to walk around the guards.
    expect(reached).toContain('/%61gent/v1/app/map');
    expect(reached).toContain(`http://127.0.0.1:${port}/agent/v1/app/map`);
  });

  it('no spelling logs in without a vendor', async () => {
    const phone = nextPhone();
    for (const target of spellings('/agent/v1/user/send_code', port)) {
      const sent = await rawRequest(port, 'POST', target, {}, JSON.stringify({ phone, type: 1 }));
      expect([ErrorCode.vendorMissing, ErrorCode.routeNotFound], target).toContain(codeOf(sent));
    }
    for (const target of spellings('/agent/v1/user/login', port)) {
      const login = await rawRequest(port, 'POST', target, {}, JSON.stringify({ phone, code: '123456' }));
      expect([ErrorCode.vendorMissing, ErrorCode.routeNotFound], target).toContain(codeOf(login));
    }
    const agents = await ctx.database.db.selectFrom('agents').select('vendor').where('phone', '=', phone).execute();
    expect(agents).toEqual([]);
  });

  it('short links and the operator API count against the per-IP limit by any spelling', async () => {
    for (const path of ['/s/NOSUCHCODE', '/ops/v1/applications']) {
      for (const target of spellings(path, port)) {
        const response = await rawRequest(port, 'GET', target);
        if (response.status === 404 && response.headers['content-type']?.startsWith('application/json')) {
          expect(codeOf(response), target).toBe(ErrorCode.routeNotFound);
          continue;
        }
        expect(response.headers['x-ratelimit-limit'], target).toBe('1000');
        if (path.startsWith('/ops/')) expect(codeOf(response), target).toBe(ErrorCode.operatorUnauthorized);
      }
    }
  });

  it('the per-IP limit blocks an encoded short link once spent', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push((await limited.app.inject({ method: 'GET', url: '/%73/NOSUCHCODE' })).statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('unknown API paths, however spelled, answer the envelope 404, not the web page', async () => {
    const web = path.join(ctx.config.dataDir, 'web');
    fs.mkdirSync(web, { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>创作者中心</title>');
    const withWeb = await createTestApp({ WEB_DIST_DIR: web });
    try {
      await withWeb.app.listen({ port: 0, host: '127.0.0.1' });
      const webPort = (withWeb.app.server.address() as net.AddressInfo).port;
      for (const target of spellings('/agent/v1/nope', webPort)) {
        const response = await rawRequest(webPort, 'GET', target, { vendor: 'default' });
        expect(response.status, target).toBe(404);
        expect(JSON.parse(response.body), target).toEqual({
          code: ErrorCode.routeNotFound,
          msg: '接口不存在',
          body: null,
        });
      }
      // Where API tools look for a reference: a 404 too, however spelled, never the web app's page.
      for (const target of ['/docs/x', '/swagger'].flatMap((p) => spellings(p, webPort))) {
        const response = await rawRequest(webPort, 'GET', target);
        expect(response.status, target).toBe(404);
        expect(response.body, target).not.toContain('创作者中心');
      }
      expect((await rawRequest(webPort, 'GET', '/profile/team')).body).toContain('创作者中心');
    } finally {
      await withWeb.close();
    }
  });

  it('development routes answer only to a local caller, by any spelling', async () => {
    const phone = nextPhone();
    for (const target of spellings(`/dev/sms/outbox?phone=${phone}`, port)) {
      const response = await rawRequest(port, 'GET', target, { 'x-forwarded-for': '203.0.113.9' });
      expect(response.status, target).not.toBe(200);
    }
    const local = await rawRequest(port, 'GET', `/dev/sms/outbox?phone=${phone}`);
    expect(local.status).toBe(200);
  });
});
