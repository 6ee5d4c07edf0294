import { ErrorCode, SMS_BUDGETS, SMS_MONEY_LIMIT_PER_DAY } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAlipay, codeFor, newCreator, type Creator } from '../../../test/payee-fixtures.js';
import {
  call,
  createTestApp,
  latestCode,
  nextPhone,
  sendCode,
  testDatabaseKind,
  type TestContext,
} from '../../../test/test-app.js';

/** SMS budgets per purpose: money codes never use up the login codes, each purpose its own cooldown. */
describe(`SMS budgets per purpose (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const sendOwn = (creator: Creator, type: number) =>
    call(ctx.app, { url: '/agent/v1/user/send_code_by_id', token: creator.token, body: { type } });

  it('keeps a cooldown per purpose: bank, Alipay and wallet codes in one minute, each answering its own wait', async () => {
    const creator = await newCreator(ctx);
    ctx.clock.advance(13 * 60_000);
    for (const type of [3, 4, 5]) {
      const sent = await sendOwn(creator, type);
      expect(sent.json, `type ${type}`).toMatchObject({ code: 0, body: { resend_in: 60 } });
    }
    const again = await sendOwn(creator, 4);
    expect(again.json).toMatchObject({ code: ErrorCode.smsPerMinute, msg: '验证码发送太频繁，请60秒后再试' });
  });

  it('still sends a login code after the money purposes used their whole hourly budgets', async () => {
    const creator = await newCreator(ctx);
    await addAlipay(ctx, creator);
    ctx.clock.advance(60 * 60_000);
    for (const type of [3, 4, 5, 6]) {
      for (let i = 0; i < SMS_BUDGETS[type as 3 | 4 | 5 | 6].perHour; i++) {
        expect((await sendOwn(creator, type)).json.code, `type ${type} #${i}`).toBe(0);
        ctx.clock.advance(61_000);
      }
      expect((await sendOwn(creator, type)).json.code).toBe(ErrorCode.smsPerHour);
    }
    const login = await sendCode(ctx.app, creator.phone, 1);
    expect(login.json.code, login.json.msg).toBe(0);
    const loggedIn = await call(ctx.app, {
      url: '/agent/v1/user/login',
      body: { phone: creator.phone, code: await latestCode(ctx.app, creator.phone) },
    });
    expect(loggedIn.json.code).toBe(0);
  });

  it(`caps the money purposes together at ${SMS_MONEY_LIMIT_PER_DAY} a day per phone, and not the login codes`, async () => {
    const creator = await newCreator(ctx);
    await addAlipay(ctx, creator);
    const dayStart = Date.UTC(2026, 11, 1, 16, 0, 30); // just after midnight in Beijing
    ctx.clock.set(dayStart);
    let sent = 0;
    // Bank, Alipay and wallet (10 a day each) in turn, 13 minutes apart: no hourly cap is met.
    while (sent < SMS_MONEY_LIMIT_PER_DAY) {
      const answer = await sendOwn(creator, [3, 4, 5][sent % 3]!);
      expect(answer.json.code, answer.json.msg).toBe(0);
      sent += 1;
      ctx.clock.advance(13 * 60_000);
    }
    expect((await sendOwn(creator, 6)).json).toMatchObject({ code: ErrorCode.smsMoneyPerDay });
    expect((await sendCode(ctx.app, creator.phone, 1)).json.code).toBe(0);
    ctx.clock.set(dayStart + 24 * 60 * 60_000);
    expect((await sendOwn(creator, 6)).json.code).toBe(0);
  });

  it('caps each purpose per IP per hour and per day, apart from the other purposes', async () => {
    const limited = await createTestApp({ SMS_LIMIT_PER_IP_PER_HOUR: '2', SMS_LIMIT_PER_IP_PER_DAY: '3' });
    try {
      const ip = '10.7.7.7';
      limited.clock.set(Date.UTC(2026, 11, 1, 16, 0, 30));
      for (let i = 0; i < 2; i++) expect((await sendCode(limited.app, nextPhone(), 1, ip)).json.code).toBe(0);
      expect((await sendCode(limited.app, nextPhone(), 1, ip)).json.code).toBe(ErrorCode.smsPerIp);
      expect((await sendCode(limited.app, nextPhone(), 2, ip)).json.code).toBe(0);
      limited.clock.advance(61 * 60_000);
      expect((await sendCode(limited.app, nextPhone(), 1, ip)).json.code).toBe(0);
      expect((await sendCode(limited.app, nextPhone(), 1, ip)).json).toMatchObject({
        code: ErrorCode.smsPerIpPerDay,
        msg: '当前网络今日获取验证码次数过多，请明天再试',
      });
    } finally {
      await limited.close();
    }
  });

  it('sends no agreement code and signs nothing before a real name, with a message saying what to do', async () => {
    const creator = await newCreator(ctx);
    ctx.clock.advance(13 * 60_000);
    const refused = await sendOwn(creator, 6);
    expect(refused.json).toMatchObject({
      code: ErrorCode.contractRealNameRequired,
      msg: '签署协议前请先添加收款账户（银行卡或支付宝）并完成实名',
    });
    const codes = await ctx.database.db
      .selectFrom('sms_codes')
      .select('type')
      .where('phone', '=', creator.phone)
      .execute();
    expect(codes.map((c) => c.type)).toEqual([1]);
    const signed = await call(ctx.app, {
      url: '/agent/v1/user/sign_contract',
      token: creator.token,
      body: { code: '123456' },
    });
    expect(signed.json.code).toBe(ErrorCode.contractRealNameRequired);
  });

  it('signs the agreement only with a code of its own purpose (6), not a login code', async () => {
    const creator = await newCreator(ctx);
    await addAlipay(ctx, creator);
    const loginCode = await codeFor(ctx, creator, 1);
    const withLogin = await call(ctx.app, {
      url: '/agent/v1/user/sign_contract',
      token: creator.token,
      body: { code: loginCode },
    });
    expect(withLogin.json.code).toBe(ErrorCode.smsCodeInvalid);
    const own = await codeFor(ctx, creator, 6);
    const signed = await call(ctx.app, {
      url: '/agent/v1/user/sign_contract',
      token: creator.token,
      body: { code: own },
    });
    expect(signed.json.code, signed.json.msg).toBe(0);
  });
});
