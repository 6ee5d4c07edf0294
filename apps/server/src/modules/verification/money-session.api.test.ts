import { ErrorCode } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { addPurchasablePackage, codeFor, newCreator, walletOf, type Creator } from '../../../test/payee-fixtures.js';
import { call, createTestApp, loginAs, testDatabaseKind, type TestContext } from '../../../test/test-app.js';

const DEVICE = 'device-aaaaaaaaaaaaaaaa';
const OTHER_DEVICE = 'device-bbbbbbbbbbbbbbbb';
const PACKAGE_ID = 301;

/** Money sessions (ADR 0026): one verified money code, then 10 minutes without codes on this login. */
describe(`money sessions (${testDatabaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    await addPurchasablePackage(ctx, { id: PACKAGE_ID, name: '30元套餐', price_fen: 3_000, credit: 300 });
  });
  afterAll(() => ctx.close());
  afterEach(() => expectBooksBalanced(ctx));

  const device = (id: string) => ({ 'x-device-id': id });

  async function status(creator: Creator, deviceId = DEVICE) {
    const { json } = await call(ctx.app, {
      method: 'GET',
      url: '/agent/v1/user/money_session',
      token: creator.token,
      headers: device(deviceId),
    });
    expect(json.code, json.msg).toBe(0);
    return json.body as { open: boolean; expires_at: string | null; expires_in: number };
  }

  /** Adds the creator's Alipay account with a code of type 4, from `deviceId`: this opens the money session. */
  async function addAlipayOn(creator: Creator, deviceId: string | null = DEVICE) {
    const code = await codeFor(ctx, creator, 4);
    const { json } = await call(ctx.app, {
      url: '/agent/v1/user/update_alipay',
      token: creator.token,
      headers: deviceId ? device(deviceId) : {},
      body: { real_name: '张三', id_card_number: creator.idNumber, account_no: '13800138000', code },
    });
    expect(json.code, json.msg).toBe(0);
  }

  const sign = (creator: Creator, deviceId = DEVICE, token = creator.token) =>
    call(ctx.app, { url: '/agent/v1/user/sign_contract', token, headers: device(deviceId), body: {} });

  const withdraw = (creator: Creator, amount: string, code?: string) =>
    call(ctx.app, {
      url: '/agent/v1/sett/cash_out/apply',
      token: creator.token,
      headers: device(DEVICE),
      body: { amount, cash_out_to: 2, ...(code && { code }) },
    });

  it('opens on a verified money code: the agreement and a withdrawal follow without another code', async () => {
    const creator = await newCreator(ctx);
    expect(await status(creator)).toEqual({ open: false, expires_at: null, expires_in: 0 });
    await addAlipayOn(creator);
    const opened = await status(creator);
    expect(opened).toMatchObject({ open: true, expires_in: 600 });
    expect(Date.parse(opened.expires_at!)).toBe(ctx.clock.now() + 600_000);

    const signed = await sign(creator);
    expect(signed.json).toMatchObject({ code: 0, body: { sign_status: 1 } });
    await walletOf(ctx).deposit(creator.agentId, 10_000, `income-${creator.agentId}`, '推广收益结算');
    const applied = await withdraw(creator, '50');
    expect(applied.json.code, applied.json.msg).toBe(0);
    // Using the money session neither stretched it nor used a code: only the Alipay code was ever sent.
    expect((await status(creator)).expires_at).toBe(opened.expires_at);
    const codes = await ctx.database.db
      .selectFrom('sms_codes')
      .select('type')
      .where('phone', '=', creator.phone)
      .execute();
    expect(codes.map((c) => c.type).sort()).toEqual([1, 4]);
  });

  it('ends 10 minutes after the code: then a code is needed again, and a new code opens it again', async () => {
    const creator = await newCreator(ctx);
    await addAlipayOn(creator);
    ctx.clock.advance(600_000 - 1_000);
    expect((await status(creator)).expires_in).toBe(1);
    ctx.clock.advance(1_000);
    expect(await status(creator)).toMatchObject({ open: false, expires_in: 0 });
    const refused = await sign(creator);
    expect(refused.json).toMatchObject({ code: ErrorCode.moneyCodeRequired, msg: '请获取并填写短信验证码' });

    const code = await codeFor(ctx, creator, 6);
    const signed = await call(ctx.app, {
      url: '/agent/v1/user/sign_contract',
      token: creator.token,
      headers: device(DEVICE),
      body: { code },
    });
    expect(signed.json.code, signed.json.msg).toBe(0);
    expect(await status(creator)).toMatchObject({ open: true, expires_in: 600 });
  });

  it('belongs to one login on one device: another device, another login or no device id needs a code', async () => {
    const creator = await newCreator(ctx);
    await addAlipayOn(creator);
    expect((await status(creator, OTHER_DEVICE)).open).toBe(false);
    expect((await sign(creator, OTHER_DEVICE)).json.code).toBe(ErrorCode.moneyCodeRequired);

    const secondLogin: string = (await loginAs(ctx, creator.phone)).json.body.access_token;
    const fromOtherLogin = await sign(creator, DEVICE, secondLogin);
    expect(fromOtherLogin.json.code).toBe(ErrorCode.moneyCodeRequired);

    const noDevice = await call(ctx.app, { url: '/agent/v1/user/sign_contract', token: creator.token, body: {} });
    expect(noDevice.json.code).toBe(ErrorCode.moneyCodeRequired);
    // Still open where it was opened.
    expect((await sign(creator)).json.code).toBe(0);
  });

  it('is not opened by a code sent without a device id, and a payee account always takes a fresh code', async () => {
    const creator = await newCreator(ctx);
    await addAlipayOn(creator, null);
    expect((await status(creator)).open).toBe(false);

    await addAlipayOn(creator);
    const bankWithoutCode = await call(ctx.app, {
      url: '/agent/v1/user/update_bank',
      token: creator.token,
      headers: device(DEVICE),
      body: {
        real_name: '张三',
        id_card_number: creator.idNumber,
        bank_name: '招商银行',
        account_no: '6225880112345678',
        reserve_phone: '13900139000',
      },
    });
    expect(bankWithoutCode.json).toMatchObject({ code: ErrorCode.validation, msg: '验证码不能为空' });
  });

  it('checks a code that is given even while open: a wrong one is refused and counted', async () => {
    const creator = await newCreator(ctx);
    await addAlipayOn(creator);
    const sent = await call(ctx.app, {
      url: '/agent/v1/user/send_code_by_id',
      token: creator.token,
      body: { type: 6 },
    });
    expect(sent.json.code, sent.json.msg).toBe(0);
    const wrong = await call(ctx.app, {
      url: '/agent/v1/user/sign_contract',
      token: creator.token,
      headers: device(DEVICE),
      body: { code: '000000' },
    });
    expect(wrong.json.code).toBe(ErrorCode.smsCodeInvalid);
    const live = await ctx.database.db
      .selectFrom('sms_codes')
      .select('attempts')
      .where('phone', '=', creator.phone)
      .where('type', '=', 6)
      .executeTakeFirstOrThrow();
    expect(live.attempts).toBe(1);
  });

  it('lets two parallel withdrawals in one money session hold no more than the wallet has', async () => {
    const creator = await newCreator(ctx);
    await addAlipayOn(creator);
    expect((await sign(creator)).json.code).toBe(0);
    await walletOf(ctx).deposit(creator.agentId, 10_000, `income-${creator.agentId}`, '推广收益结算');
    const answers = await Promise.all([withdraw(creator, '100'), withdraw(creator, '100')]);
    expect(answers.map((a) => a.json.code).sort()).toEqual([0, ErrorCode.withdrawAboveBalance].sort());
    const wallet = await ctx.database.db
      .selectFrom('wallet_accounts')
      .select(['balance_fen', 'held_fen'])
      .where('agent_id', '=', creator.agentId)
      .executeTakeFirstOrThrow();
    expect(wallet).toEqual({ balance_fen: 10_000, held_fen: 10_000 });
  });

  it('lets two parallel wallet payments of one order in one money session charge the wallet once', async () => {
    const creator = await newCreator(ctx);
    await addAlipayOn(creator);
    await walletOf(ctx).deposit(creator.agentId, 5_000, `income-${creator.agentId}`, '推广收益结算');
    const order = (
      await call(ctx.app, {
        url: '/agent/v1/order/create',
        token: creator.token,
        body: { type: 1, pro_id: PACKAGE_ID, quantity: 1 },
      })
    ).json.body as { order_no: string };
    const pay = () =>
      call(ctx.app, {
        url: '/agent/v1/order/wallet_pay',
        token: creator.token,
        headers: device(DEVICE),
        body: { order_no: order.order_no },
      });
    const answers = await Promise.all([pay(), pay()]);
    expect(answers.filter((a) => a.json.code === 0)).toHaveLength(1);
    const wallet = await ctx.database.db
      .selectFrom('wallet_accounts')
      .select(['balance_fen', 'held_fen'])
      .where('agent_id', '=', creator.agentId)
      .executeTakeFirstOrThrow();
    expect(wallet).toEqual({ balance_fen: 2_000, held_fen: 0 });
  });
});
