import { ErrorCode } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  nextPhone,
  sendCode,
  testDatabaseKind,
  type TestContext,
} from '../../../test/test-app.js';
import { generateRsaKeyPair } from '../../providers/payment/alipay-signing.js';

describe(`development routes (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ NODE_ENV: 'development' });
  });
  afterAll(() => ctx.close());

  it('the outbox answers a local caller for one phone', async () => {
    const phone = nextPhone();
    await sendCode(ctx.app, phone);
    const { status, json } = await call(ctx.app, {
      method: 'GET',
      url: `/dev/sms/outbox?phone=${phone}`,
      vendor: null,
    });
    expect(status).toBe(200);
    expect(json.body.data).toHaveLength(1);
    expect(json.body.data[0].phone).toBe(phone);
  });

  it('the outbox never lists every phone: a phone is required', async () => {
    await sendCode(ctx.app, nextPhone());
    const { status, json } = await call(ctx.app, { method: 'GET', url: '/dev/sms/outbox', vendor: null });
    expect(status).toBe(400);
    expect(json).toEqual({ code: ErrorCode.validation, msg: '手机号不能为空', body: null });
  });

  it('refuses a caller that is not on this machine, or that came through a proxy', async () => {
    const phone = nextPhone();
    await sendCode(ctx.app, phone);
    const remote = await call(ctx.app, {
      method: 'GET',
      url: `/dev/sms/outbox?phone=${phone}`,
      vendor: null,
      ip: '203.0.113.9',
    });
    expect(remote.status).toBe(403);
    expect(remote.json).toEqual({ code: ErrorCode.devRoutesLocalOnly, msg: '开发调试接口仅限本机访问', body: null });
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: `/dev/sms/outbox?phone=${phone}`,
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
  });

  it('DEV_ROUTES_PUBLIC opens them to other machines', async () => {
    const open = await createTestApp({ DEV_ROUTES_PUBLIC: 'true' });
    try {
      const phone = nextPhone();
      await sendCode(open.app, phone);
      const remote = await call(open.app, {
        method: 'GET',
        url: `/dev/sms/outbox?phone=${phone}`,
        vendor: null,
        ip: '203.0.113.9',
      });
      expect(remote.status).toBe(200);
      expect(remote.json.body.data[0].phone).toBe(phone);
    } finally {
      await open.close();
    }
  });

  it('warns at start-up for every development driver in use (the derived data key included)', async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      { LOG_LEVEL: 'warn', PUBLIC_BASE_URL: 'https://cc.example.com' },
      { logStream: { write: (line) => lines.push(line) } },
    );
    await logged.close();
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string; driver?: string });
    expect(warnings.filter((w) => w.level === 40).map((w) => w.driver)).toEqual(['data-key', 'console', 'sandbox']);
  });

  it('mounts no sandbox cashier or gateway when the payment driver is the real Alipay', async () => {
    const keys = generateRsaKeyPair();
    const real = await createTestApp({
      PAYMENT_DRIVER: 'alipay',
      ALIPAY_APP_ID: '2026000000000009',
      ALIPAY_PRIVATE_KEY: keys.privateKey,
      ALIPAY_PUBLIC_KEY: keys.publicKey,
      ALIPAY_GATEWAY: 'http://127.0.0.1:9/gateway.do',
    });
    try {
      for (const url of ['/dev/alipay/cashier?qr=x', '/dev/alipay/gateway.do']) {
        const response = await real.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json().code, url).toBe(ErrorCode.routeNotFound);
      }
    } finally {
      await real.close();
    }
  });
});
