import { ErrorCode, ErrorMessages } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  latestCode,
  loginAs,
  nextPhone,
  sendCode,
  testDatabaseKind,
  type TestContext,
} from '../../../test/test-app.js';

describe(`SMS codes and login (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  describe('send_code limits', () => {
    it('sends a 6-digit code to the outbox, stored only as a hash', async () => {
      const phone = nextPhone();
      const { status, json } = await sendCode(ctx.app, phone);
      expect(status).toBe(200);
      expect(json).toEqual({ code: 0, msg: '验证码已发送', body: { expires_in: 300, resend_in: 60 } });
      const code = await latestCode(ctx.app, phone);
      expect(code).toMatch(/^\d{6}$/);
      const row = await ctx.database.db
        .selectFrom('sms_codes')
        .selectAll()
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      expect(row.code_hash).not.toContain(code);
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('allows one code a minute per phone and purpose, saying how long to wait', async () => {
      const phone = nextPhone();
      expect((await sendCode(ctx.app, phone)).json.code).toBe(0);
      ctx.clock.advance(15_000);
      const second = await sendCode(ctx.app, phone);
      expect(second.status).toBe(429);
      expect(second.json).toMatchObject({ code: ErrorCode.smsPerMinute, msg: '验证码发送太频繁，请45秒后再试' });
      expect((await sendCode(ctx.app, phone, 2)).json.code).toBe(0);
      ctx.clock.advance(45_000);
      expect((await sendCode(ctx.app, phone)).json.code).toBe(0);
    });

    it('allows five codes an hour per phone', async () => {
      const phone = nextPhone();
      for (let i = 0; i < 5; i++) {
        expect((await sendCode(ctx.app, phone)).json.code).toBe(0);
        ctx.clock.advance(61_000);
      }
      const sixth = await sendCode(ctx.app, phone);
      expect(sixth.json).toMatchObject({ code: ErrorCode.smsPerHour, msg: ErrorMessages.smsPerHour });
      ctx.clock.advance(60 * 60_000);
      expect((await sendCode(ctx.app, phone)).json.code).toBe(0);
    });

    it('allows ten codes a day (Asia/Shanghai) per phone', async () => {
      const phone = nextPhone();
      // Start just after midnight in Shanghai so all sends fall in one day.
      const dayStart = Date.UTC(2026, 10, 24, 16, 0, 30);
      ctx.clock.set(dayStart);
      for (let i = 0; i < 10; i++) {
        expect((await sendCode(ctx.app, phone)).json.code).toBe(0);
        ctx.clock.advance(15 * 60_000);
      }
      const eleventh = await sendCode(ctx.app, phone);
      expect(eleventh.json).toMatchObject({ code: ErrorCode.smsPerDay, msg: ErrorMessages.smsPerDay });
      ctx.clock.set(dayStart + 24 * 60 * 60_000);
      expect((await sendCode(ctx.app, phone)).json.code).toBe(0);
    });

    it('caps codes per IP across phones', async () => {
      const limited = await createTestApp({ SMS_LIMIT_PER_IP_PER_HOUR: '3' });
      try {
        for (let i = 0; i < 3; i++) expect((await sendCode(limited.app, nextPhone(), 1, '10.9.9.9')).json.code).toBe(0);
        const fourth = await sendCode(limited.app, nextPhone(), 1, '10.9.9.9');
        expect(fourth.json).toMatchObject({ code: ErrorCode.smsPerIp, msg: ErrorMessages.smsPerIp });
        expect((await sendCode(limited.app, nextPhone(), 1, '10.9.9.10')).json.code).toBe(0);
      } finally {
        await limited.close();
      }
    });

    it('rejects a bad phone and an unknown type with Chinese messages naming the field', async () => {
      expect((await sendCode(ctx.app, '')).json).toMatchObject({ code: ErrorCode.validation, msg: '手机号不能为空' });
      expect((await sendCode(ctx.app, '1380013')).json.msg).toBe('手机号长度不正确');
      expect((await sendCode(ctx.app, '12800138000')).json.msg).toBe('手机号错误，请重新填写');
      expect((await sendCode(ctx.app, nextPhone(), 9)).json.msg).toBe('验证码类型不正确');
      const missing = await call(ctx.app, { url: '/agent/v1/user/send_code', body: { type: 1 } });
      expect(missing.status).toBe(400);
      expect(missing.json.msg).toBe('手机号不能为空');
    });

    it('does not count a send the provider failed to deliver', async () => {
      const failing = await createTestApp(
        {},
        { smsDriver: { name: 'console', sendCode: () => Promise.reject(new Error('down')) } },
      );
      try {
        const phone = nextPhone();
        const first = await sendCode(failing.app, phone);
        expect(first.status).toBe(502);
        expect(first.json).toMatchObject({ code: ErrorCode.smsSendFailed, msg: ErrorMessages.smsSendFailed });
        const rows = await failing.database.db.selectFrom('sms_codes').selectAll().where('phone', '=', phone).execute();
        expect(rows).toHaveLength(0);
      } finally {
        await failing.close();
      }
    });
  });

  describe('code checks', () => {
    it('expires a code after 5 minutes', async () => {
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      const code = await latestCode(ctx.app, phone);
      ctx.clock.advance(5 * 60_000 + 1);
      const { json } = await call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code } });
      expect(json).toMatchObject({ code: ErrorCode.smsCodeInvalid, msg: '验证码不正确或已失效' });
    });

    it('burns a code after 5 wrong tries, even for the right code afterwards', async () => {
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      const code = await latestCode(ctx.app, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 5; i++) {
        messages.push((await call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code: wrong } })).json.msg);
      }
      expect(messages.slice(0, 4)).toEqual(Array(4).fill(ErrorMessages.smsCodeInvalid));
      expect(messages[4]).toBe(ErrorMessages.smsCodeBurned);
      const right = await call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code } });
      expect(right.json).toMatchObject({ code: ErrorCode.smsCodeBurned });
    });

    it('uses a code once', async () => {
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      const code = await latestCode(ctx.app, phone);
      expect((await call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code } })).json.code).toBe(0);
      expect((await call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code } })).json.code).toBe(
        ErrorCode.smsCodeInvalid,
      );
    });

    it('a newer code replaces the older one', async () => {
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      const first = await latestCode(ctx.app, phone);
      ctx.clock.advance(61_000);
      await sendCode(ctx.app, phone);
      const second = await latestCode(ctx.app, phone);
      if (first !== second) {
        expect((await call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code: first } })).json.code).toBe(
          ErrorCode.smsCodeInvalid,
        );
      }
      expect((await call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code: second } })).json.code).toBe(0);
    });

    it('verify checks a code of its type without consuming it', async () => {
      const phone = nextPhone();
      await sendCode(ctx.app, phone, 3);
      const code = await latestCode(ctx.app, phone);
      const ok = await call(ctx.app, { url: '/agent/v1/user/verify', body: { phone, code, type: 3 } });
      expect(ok.json).toMatchObject({ code: 0, body: { verified: true } });
      expect((await call(ctx.app, { url: '/agent/v1/user/verify', body: { phone, code, type: 3 } })).json.code).toBe(0);
      const otherType = await call(ctx.app, { url: '/agent/v1/user/verify', body: { phone, code, type: 4 } });
      expect(otherType.json.code).toBe(ErrorCode.smsCodeInvalid);
      // A login code cannot be made from a bank code.
      expect((await call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code } })).json.code).toBe(
        ErrorCode.smsCodeInvalid,
      );
    });

    it('send_code_by_id sends to the logged-in agent’s own phone and verify finds it without a phone', async () => {
      const phone = nextPhone();
      const token = (await loginAs(ctx, phone)).json.body.access_token;
      ctx.clock.advance(61_000);
      const sent = await call(ctx.app, { url: '/agent/v1/user/send_code_by_id', body: { type: 5 }, token });
      expect(sent.json.code).toBe(0);
      const code = await latestCode(ctx.app, phone);
      const verified = await call(ctx.app, { url: '/agent/v1/user/verify', body: { code, type: 5 }, token });
      expect(verified.json.code).toBe(0);
      expect((await call(ctx.app, { url: '/agent/v1/user/send_code_by_id', body: { type: 5 } })).status).toBe(401);
    });
  });

  describe('login', () => {
    it('registers a new phone, then logs the same phone in', async () => {
      const phone = nextPhone();
      const first = await loginAs(ctx, phone, { channel_from: 'douyin' });
      expect(first.json).toMatchObject({ code: 0, msg: '登录成功', body: { is_new: true } });
      expect(first.json.body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      ctx.clock.advance(61_000);
      const second = await loginAs(ctx, phone);
      expect(second.json.body.is_new).toBe(false);
      const agent = await ctx.database.db
        .selectFrom('agents')
        .selectAll()
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      expect(agent.channel_from).toBe('douyin');
      expect(agent.invite_code).toMatch(/^[A-Z2-9]{8}$/);
      const tokens = await ctx.database.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('agent_id', '=', agent.id)
        .execute();
      expect(tokens).toHaveLength(2);
      expect(tokens.map((t) => t.token_hash)).not.toContain(first.json.body.access_token);
    });

    it('links a newcomer to the inviter of a valid invite code', async () => {
      const leaderPhone = nextPhone();
      const leaderToken = (await loginAs(ctx, leaderPhone)).json.body.access_token;
      const leader = (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token: leaderToken })).json.body;
      const phone = nextPhone();
      const joined = await loginAs(ctx, phone, { invite_code: leader.invite_code.toLowerCase() });
      expect(joined.json.body.is_new).toBe(true);
      const info = (
        await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token: joined.json.body.access_token })
      ).json.body;
      expect(info.leader_id).toBe(leader.agent_id);
      expect(info.team_at).toBe(new Date(ctx.clock.now()).toISOString());
      expect(info.invite_code).not.toBe(leader.invite_code);
    });

    it('refuses an unknown invite code without using up the SMS code', async () => {
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      const code = await latestCode(ctx.app, phone);
      const bad = await call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code, invite_code: 'NOSUCH99' } });
      expect(bad.json).toMatchObject({ code: ErrorCode.inviteCodeUnknown, msg: '邀请码不存在，请核对后重试' });
      const retry = await call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code } });
      expect(retry.json).toMatchObject({ code: 0, body: { is_new: true } });
    });

    it('records source and cq of the landing flow', async () => {
      const phone = nextPhone();
      const { json } = await loginAs(ctx, phone, { source: 1, cq: 'bi=spring&ad=12' });
      expect(json.code).toBe(0);
      const agent = await ctx.database.db
        .selectFrom('agents')
        .select(['source', 'cq'])
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      expect(agent).toEqual({ source: 1, cq: 'bi=spring&ad=12' });
    });

    it('refuses a source past what its column holds, in Chinese', async () => {
      const phone = nextPhone();
      for (const source of [2_147_483_648, -1, Number.MAX_SAFE_INTEGER]) {
        const { status, json } = await loginAs(ctx, phone, { source });
        expect(status).toBe(400);
        expect(json).toEqual({ code: ErrorCode.validation, msg: '来源格式不正确', body: null });
      }
      expect((await loginAs(ctx, phone, { source: 2_147_483_647 })).json.code).toBe(0);
    });

    it('registers once when the same login is submitted twice at the same moment', async () => {
      const phone = nextPhone();
      await sendCode(ctx.app, phone);
      const code = await latestCode(ctx.app, phone);
      const results = await Promise.all(
        [1, 2, 3].map(() => call(ctx.app, { url: '/agent/v1/user/login', body: { phone, code } })),
      );
      expect(results.filter((r) => r.json.code === 0)).toHaveLength(1);
      const agents = await ctx.database.db.selectFrom('agents').select('id').where('phone', '=', phone).execute();
      expect(agents).toHaveLength(1);
    });

    it('rejects a malformed code before touching the database', async () => {
      const { status, json } = await call(ctx.app, {
        url: '/agent/v1/user/login',
        body: { phone: nextPhone(), code: '12ab56' },
      });
      expect(status).toBe(400);
      expect(json.msg).toBe('验证码只能为六位数字');
    });

    it('names each malformed field of the login call by the label its schema gives it', async () => {
      const invite = await call(ctx.app, {
        url: '/agent/v1/user/login',
        body: { phone: nextPhone(), code: '123456', invite_code: { x: 1 } },
      });
      expect(invite.json).toEqual({ code: ErrorCode.validation, msg: '邀请码格式不正确', body: null });
      const code = await call(ctx.app, { url: '/agent/v1/user/login', body: { phone: nextPhone(), code: 123 } });
      expect(code.json.msg).toBe('验证码不能为空');
    });
  });
});
