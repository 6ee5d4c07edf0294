import { describe, expect, it } from 'vitest';
import { call, createTestApp, latestCode, nextPhone, sendCode, testDatabaseKind } from '../../test/test-app.js';
import type { SmsMessage } from '../providers/sms/sms-driver.js';

describe(`logs (${testDatabaseKind})`, () => {
  it('carry request ids and never an unmasked phone number or SMS code', async () => {
    const lines: string[] = [];
    const delivered: SmsMessage[] = [];
    const ctx = await createTestApp(
      { LOG_LEVEL: 'info' },
      {
        logStream: { write: (line) => lines.push(line) },
        smsDriver: { name: 'aliyun', sendCode: async (m) => void delivered.push(m) },
      },
    );
    try {
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      const code = delivered[0]!.code;
      const login = await call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code } });
      expect(login.json.code).toBe(0);
      await call(ctx.app, { method: 'GET', url: `/dev/sms/outbox?phone=${phone}`, vendor: null });
      const text = lines.join('');
      expect(lines.length).toBeGreaterThan(3);
      expect(text).toContain(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
      expect(text).not.toContain(phone);
      expect(text).not.toContain(code);
      expect(text).not.toContain(login.json.body.access_token);
      const parsed = lines.map((l) => JSON.parse(l) as { reqId?: string });
      expect(parsed.filter((l) => l.reqId).length).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  });

  it('start-up warns when PUBLIC_BASE_URL is not set, and only then', async () => {
    for (const [env, warned] of [
      [{}, true],
      [{ PUBLIC_BASE_URL: 'https://cc.example.com' }, false],
    ] as const) {
      const lines: string[] = [];
      const ctx = await createTestApp(
        { LOG_LEVEL: 'warn', ...env },
        { logStream: { write: (line) => lines.push(line) } },
      );
      await ctx.close();
      expect(
        lines.some((line) => line.includes('PUBLIC_BASE_URL IS NOT SET')),
        JSON.stringify(env),
      ).toBe(warned);
    }
  });

  it('the development driver shows the code in the log with the phone masked', async () => {
    const lines: string[] = [];
    const ctx = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
    try {
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      const code = await latestCode(ctx.app, phone);
      const text = lines.join('');
      expect(text).toContain(code);
      expect(text).not.toContain(phone);
    } finally {
      await ctx.close();
    }
  });
});
