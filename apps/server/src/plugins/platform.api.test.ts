import { ErrorCode } from '@cc/contracts';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../test/test-app.js';
import { apiSecurityHeaders, staticSecurityHeaders } from './security.js';

describe(`platform: envelope, vendor, health, security (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('health and readiness answer in the envelope', async () => {
    expect((await ctx.app.inject('/healthz')).json()).toEqual({ code: 0, msg: 'ok', body: { status: 'ok' } });
    expect((await ctx.app.inject('/readyz')).json()).toEqual({ code: 0, msg: 'ok', body: { status: 'ready' } });
  });

  it('requires a known vendor header on API calls', async () => {
    const missing = await call(ctx.app, {
      url: '/agent/v1/user/send_code',
      body: { phone: nextPhone(), type: 1 },
      vendor: null,
    });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({
      code: ErrorCode.vendorMissing,
      msg: '缺少 vendor 请求头，请刷新页面后重试',
      body: null,
    });
    const unknown = await call(ctx.app, {
      url: '/agent/v1/user/send_code',
      body: { phone: nextPhone(), type: 1 },
      vendor: 'acme',
    });
    expect(unknown.json.code).toBe(ErrorCode.vendorUnknown);
  });

  it('records the vendor on the session and the agent', async () => {
    const multi = await createTestApp({ VENDORS: 'default,brand2' });
    try {
      const phone = nextPhone();
      await call(multi.app, { url: '/agent/v1/user/send_code', body: { phone, type: 1 }, vendor: 'brand2' });
      const outbox = await call(multi.app, { method: 'GET', url: `/dev/sms/outbox?phone=${phone}`, vendor: null });
      const code = outbox.json.body.data[0].code;
      const login = await call(multi.app, { url: '/agent/v1/user/login', body: { phone, code }, vendor: 'brand2' });
      expect(login.json.code).toBe(0);
      const session = await multi.database.db
        .selectFrom('sessions')
        .innerJoin('agents', 'agents.id', 'sessions.agent_id')
        .select(['sessions.vendor as sessionVendor', 'agents.vendor as agentVendor'])
        .where('agents.phone', '=', phone)
        .executeTakeFirstOrThrow();
      expect(session).toEqual({ sessionVendor: 'brand2', agentVendor: 'brand2' });
    } finally {
      await multi.close();
    }
  });

  it('unknown API routes answer 404 in the envelope', async () => {
    const { status, json } = await call(ctx.app, { method: 'GET', url: '/agent/v1/nope' });
    expect(status).toBe(404);
    expect(json).toEqual({ code: ErrorCode.routeNotFound, msg: '接口不存在', body: null });
  });

  it('malformed JSON is a clear 400, not a crash', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/agent/v1/user/login',
      headers: { vendor: 'default', 'content-type': 'application/json' },
      payload: '{"phone":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: ErrorCode.validation, msg: '请求参数不正确', body: null });
  });

  it('a 5xx never leaks internals', async () => {
    const broken = await createTestApp();
    try {
      // Money sessions refer to sessions: PostgreSQL drops them along only when told to (SQLite has no CASCADE).
      const drop = broken.database.db.schema.dropTable('sessions');
      await (testDatabaseKind === 'postgres' ? drop.cascade() : drop).execute();
      const phone = nextPhone();
      const login = await loginAs(broken, phone);
      expect(login.status).toBe(500);
      expect(login.json).toEqual({ code: ErrorCode.internal, msg: '服务器开小差了，请稍后重试', body: null });
      expect(JSON.stringify(login.json)).not.toMatch(/sessions|sql|stack/i);
    } finally {
      await broken.close();
    }
  });

  it('readiness fails when the database is gone', async () => {
    const gone = await createTestApp();
    await gone.database.destroy();
    const response = await gone.app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ code: ErrorCode.unavailable, msg: '服务暂不可用，请稍后重试', body: null });
    await gone.app.close();
  });

  it('sends security headers and a request id, and keeps CORS closed by default', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the page security headers on pages and page errors, and the API set on API answers and redirects', async () => {
    const page = staticSecurityHeaders();
    expect(Object.keys(page)).toEqual(
      expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-frame-options']),
    );
    expect(page['content-security-policy']).toContain("frame-ancestors 'none'");
    const api = apiSecurityHeaders();
    expect(api).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'strict-transport-security': page['strict-transport-security'],
    });
    const cases: Array<[string, Record<string, string>]> = [
      ['/healthz', page],
      ['/no-such-api/x', page],
      ['/s/NOPE2345', page],
      ['/agent/v1/user/info', api],
      ['/agent/v1/no-such-route', api],
    ];
    for (const [url, expected] of cases) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { vendor: 'default' } });
      for (const [name, value] of Object.entries(expected))
        expect(response.headers[name], `${url} ${name}`).toBe(value);
      if (expected === api) expect(response.headers['x-xss-protection'], url).toBeUndefined();
    }
  });

  it('opens CORS only to configured origins', async () => {
    const open = await createTestApp({ CORS_ORIGINS: 'https://creator.example' });
    try {
      const allowed = await open.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { origin: 'https://creator.example' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://creator.example');
      const other = await open.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it('limits requests per IP and per user', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_IP: '5', RATE_LIMIT_PER_USER: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push(
          (await call(limited.app, { method: 'GET', url: '/agent/v1/program/poster', ip: '10.1.1.1' })).status,
        );
      }
      expect(statuses.slice(0, 5)).not.toContain(429);
      const blocked = await call(limited.app, { method: 'GET', url: '/agent/v1/program/poster', ip: '10.1.1.1' });
      expect(blocked.status).toBe(429);
      expect(blocked.json).toEqual({ code: ErrorCode.rateLimited, msg: '操作太频繁，请稍后再试', body: null });

      const token = (await loginAs(limited, nextPhone())).json.body.access_token;
      const perUser: number[] = [];
      for (let i = 0; i < 4; i++) {
        perUser.push(
          (await call(limited.app, { method: 'GET', url: '/agent/v1/user/info', token, ip: `10.2.0.${i}` })).status,
        );
      }
      expect(perUser).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('gives the signed open API its own, larger per-IP budget: a partner burst neither trips nor uses the API limit', async () => {
    const limited = await createTestApp({ RATE_LIMIT_PER_IP: '3', RATE_LIMIT_OPEN_PER_IP: '8' });
    try {
      const report = () =>
        limited.app.inject({
          method: 'POST',
          url: '/open/v1/orders',
          headers: { 'content-type': 'application/json', 'x-app-key': 'no-such-key', 'x-timestamp': '1' },
          payload: '{}',
          remoteAddress: '10.3.3.3',
        });
      const burst = await Promise.all(Array.from({ length: 8 }, report));
      expect(burst.map((r) => r.statusCode)).not.toContain(429);
      expect((await report()).statusCode).toBe(429);
      // The creator-facing API of the same IP still has its whole budget.
      for (let i = 0; i < 3; i++) {
        expect(
          (await call(limited.app, { method: 'GET', url: '/agent/v1/program/poster', ip: '10.3.3.3' })).status,
        ).not.toBe(429);
      }
      expect((await call(limited.app, { method: 'GET', url: '/agent/v1/program/poster', ip: '10.3.3.3' })).status).toBe(
        429,
      );
    } finally {
      await limited.close();
    }
  });

  it('refuses oversized bodies', async () => {
    const small = await createTestApp({ BODY_LIMIT_BYTES: '256' });
    try {
      const big = await call(small.app, {
        url: '/agent/v1/user/login',
        body: { phone: nextPhone(), code: '123456', cq: 'x'.repeat(1000) },
      });
      expect(big.status).toBe(413);
      expect(big.json).toEqual({ code: ErrorCode.payloadTooLarge, msg: '提交的内容过大', body: null });
    } finally {
      await small.close();
    }
  });

  it('serves the web app for page routes and media files', async () => {
    const web = path.join(ctx.config.dataDir, 'web');
    fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>创作者中心</title>');
    fs.writeFileSync(path.join(web, 'assets', 'app.js'), 'console.log(1)');
    const withWeb = await createTestApp({ WEB_DIST_DIR: web });
    try {
      fs.writeFileSync(path.join(withWeb.config.mediaDir, 'hello.txt'), 'hi');
      const page = await withWeb.app.inject('/profile/team');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('创作者中心');
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await withWeb.app.inject('/assets/app.js');
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await withWeb.app.inject('/media/hello.txt')).body).toBe('hi');
      const api = await withWeb.app.inject({ method: 'GET', url: '/agent/v1/missing', headers: { vendor: 'default' } });
      expect(api.json().code).toBe(ErrorCode.routeNotFound);
    } finally {
      await withWeb.close();
    }
  });

  it('serves the support poster once seeded, and a clear message before', async () => {
    const before = await call(ctx.app, { method: 'GET', url: '/agent/v1/program/poster' });
    expect(before.status).toBe(404);
    expect(before.json).toEqual({ code: ErrorCode.posterNotFound, msg: '暂无客服二维码', body: null });
  });
});
