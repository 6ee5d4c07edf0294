import { ErrorCode } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import {
  call,
  createTestApp,
  latestCode,
  loginAs,
  nextPhone,
  testDatabaseKind,
  type TestContext,
} from '../../../test/test-app.js';
import { seedDemoData } from '../../demo/demo-seed.js';
import { WalletRepository } from '../withdrawal/wallet.repository.js';
import { WalletService } from '../withdrawal/wallet.service.js';

describe(`orders and Alipay payment (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let wallet: WalletService;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
    wallet = new WalletService(ctx.database, new WalletRepository(ctx.database.db), ctx.clock);
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  async function newAgent() {
    const phone = nextPhone();
    const token: string = (await loginAs(ctx, phone)).json.body.access_token;
    const agentId: number = (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token })).json.body
      .agent_id;
    return { phone, token, agentId };
  }

  const get = (token: string, path: string) => call(ctx.app, { method: 'GET', url: path, token });
  const create = (token: string, proId: number) =>
    call(ctx.app, { url: '/agent/v1/order/create', token, body: { type: 1, pro_id: proId, quantity: 1 } });
  const status = (token: string, orderNo: string) => get(token, `/agent/v1/order/get_status?order_no=${orderNo}`);
  const totals = async (token: string) => (await get(token, '/agent/v1/credit/total')).json.body;
  const canOut = async (token: string) => (await get(token, '/agent/v1/credit/income')).json.body.can_out;

  async function openTrade(orderNo: string) {
    const row = await ctx.database.db
      .selectFrom('payment_trades')
      .innerJoin('orders', 'orders.id', 'payment_trades.order_id')
      .select(['payment_trades.out_trade_no'])
      .where('orders.order_no', '=', orderNo)
      .where('payment_trades.status', '=', 1)
      .orderBy('payment_trades.id', 'desc')
      .executeTakeFirstOrThrow();
    // The buyer scans it: from then on the trade exists at Alipay.
    return ctx.sandbox.scan(row.out_trade_no)!;
  }

  const notify = (params: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/pay/alipay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });

  it('creates an order at the discount price with a QR from the gateway', async () => {
    const { token } = await newAgent();
    const { json } = await create(token, 4);
    expect(json).toMatchObject({
      code: 0,
      body: {
        status: 'WAIT_BUYER_PAY',
        order_status: 1,
        pay_type: 1,
        price: '80.00',
        qr_amount: '80.00',
        credit: 1000,
        gift_credit: 600,
      },
    });
    expect(json.body.order_no).toMatch(/^\d{20}$/);
    expect(json.body.pay_qr_code).toMatch(/\/dev\/alipay\/cashier\?t=/);
    expect(Date.parse(json.body.expires_at) - Date.parse(json.body.order_at)).toBe(599_000);
    expect(Date.parse(json.body.qr_expires_at) - ctx.clock.now()).toBe(300_000);
    const trade = await openTrade(json.body.order_no);
    expect(trade).toMatchObject({ totalAmount: '80.00', status: 'WAIT_BUYER_PAY', subject: '创作者中心积分-专业包' });
    await ctx.database.db.updateTable('credit_packages').set({ status: 0 }).where('id', '=', 5).execute();
    expect((await create(token, 5)).json).toMatchObject({
      code: ErrorCode.packageUnavailable,
      msg: '该积分套餐已下架，请选择其他套餐',
    });
    await ctx.database.db.updateTable('credit_packages').set({ status: 1 }).where('id', '=', 5).execute();
    // The retention offer (type 2) is not listed but can be ordered from its popup once issued (retention.api.test.ts).
    await call(ctx.app, { url: '/agent/v1/credit/retention/claim', token });
    expect((await create(token, 6)).json.body.price).toBe('18.00');
    expect((await create(token, 999)).json.code).toBe(ErrorCode.packageUnavailable);
    expect(
      (await call(ctx.app, { url: '/agent/v1/order/create', token, body: { type: 1, pro_id: 1, quantity: 2 } })).json
        .msg,
    ).toBe('每单只能购买1份');
  });

  it('a verified notification pays the order and credits purchase and gift points once', async () => {
    const { token } = await newAgent();
    const order = (await create(token, 7)).json.body;
    const trade = await openTrade(order.order_no);
    const response = await notify(ctx.sandbox.pay(trade));
    expect(response.body).toBe('success');
    expect((await status(token, order.order_no)).json.body).toMatchObject({
      status: 'TRADE_SUCCESS',
      order_status: 2,
      pay_qr_code: '',
    });
    expect(await totals(token)).toEqual({ total: 450, buy: 300, gift: 150 });
    const records = (await get(token, '/agent/v1/credit/detail')).json.body.data;
    expect(records.map((r: { type: number; credit: number }) => [r.type, r.credit])).toEqual([
      [3, 150],
      [2, 300],
    ]);
    expect((await notify(ctx.sandbox.notificationOf(trade))).body).toBe('success');
    expect(await totals(token)).toEqual({ total: 450, buy: 300, gift: 150 });
  });

  it('50 concurrent duplicate notifications credit once', async () => {
    const { token } = await newAgent();
    const order = (await create(token, 1)).json.body;
    const trade = await openTrade(order.order_no);
    const signed = ctx.sandbox.pay(trade);
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(signed)));
    expect(answers.every((a) => a.body === 'success')).toBe(true);
    expect(await totals(token)).toEqual({ total: 100, buy: 100, gift: 0 });
  });

  it('refuses a bad signature, a tampered amount and a wrong app_id', async () => {
    const { token } = await newAgent();
    const order = (await create(token, 3)).json.body;
    const trade = await openTrade(order.order_no);
    ctx.sandbox.pay(trade);
    const good = ctx.sandbox.notificationOf(trade);
    expect((await notify({ ...good, sign: good.sign!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) })).body).toBe(
      'failure',
    );
    expect((await notify({ ...good, total_amount: '0.01' })).body).toBe('failure');
    expect((await notify(ctx.sandbox.notificationOf(trade, { total_amount: '0.01' }))).body).toBe('failure');
    expect((await notify(ctx.sandbox.notificationOf(trade, { app_id: '2099000000000000' }))).body).toBe('failure');
    expect((await notify(ctx.sandbox.notificationOf(trade, { out_trade_no: 'NOPE' }))).body).toBe('failure');
    const unpaid = await ctx.database.db
      .selectFrom('orders')
      .select('status')
      .where('order_no', '=', order.order_no)
      .executeTakeFirstOrThrow();
    expect(unpaid.status).toBe(1);
    expect((await totals(token)).total).toBe(0);
  });

  it('completes by querying Alipay when the notification is lost', async () => {
    const { token } = await newAgent();
    const order = (await create(token, 7)).json.body;
    ctx.sandbox.pay(await openTrade(order.order_no));
    expect((await status(token, order.order_no)).json.body.status).toBe('TRADE_SUCCESS');
    expect((await status(token, order.order_no)).json.body.status).toBe('TRADE_SUCCESS');
    expect((await totals(token)).total).toBe(450);
  });

  it('times out after 9:59, closing the trade; the job does the same for orders nobody polls', async () => {
    const { token } = await newAgent();
    const order = (await create(token, 1)).json.body;
    const trade = await openTrade(order.order_no);
    ctx.clock.advance(598_000);
    expect((await status(token, order.order_no)).json.body.status).toBe('WAIT_BUYER_PAY');
    ctx.clock.advance(2_000);
    expect((await status(token, order.order_no)).json.body).toMatchObject({ status: 'TRADE_CLOSED', order_status: 4 });
    expect(trade.status).toBe('TRADE_CLOSED');

    const other = (await create(token, 1)).json.body;
    const otherTrade = await openTrade(other.order_no);
    ctx.clock.advance(600_000);
    expect(await ctx.services.orders.expireDue()).toBeGreaterThanOrEqual(1);
    expect(otherTrade.status).toBe('TRADE_CLOSED');
    expect((await status(token, other.order_no)).json.body.order_status).toBe(4);
    expect(
      (
        await call(ctx.app, {
          method: 'GET',
          url: `/agent/v1/order/change_pay_type?order_no=${other.order_no}&pay_type=1`,
          token,
        })
      ).json.msg,
    ).toBe('订单已结束，请重新下单');
  });

  it('resets the QR: the old trade is closed, a new one is valid for 5 minutes', async () => {
    const { token } = await newAgent();
    const order = (await create(token, 1)).json.body;
    const first = await openTrade(order.order_no);
    ctx.clock.advance(300_000);
    const reset = (await get(token, `/agent/v1/order/reset_qr_code?order_no=${order.order_no}`)).json.body;
    expect(first.status).toBe('TRADE_CLOSED');
    expect(reset.pay_qr_code).not.toBe(order.pay_qr_code);
    expect(Date.parse(reset.qr_expires_at)).toBe(ctx.clock.now() + 300_000);
    expect((await notify(ctx.sandbox.pay(await openTrade(order.order_no)))).body).toBe('success');
    expect((await totals(token)).total).toBe(100);
  });

  it('cancels: the trade closes and the order says so', async () => {
    const { token } = await newAgent();
    const order = (await create(token, 1)).json.body;
    const trade = await openTrade(order.order_no);
    const cancelled = await get(token, `/agent/v1/order/cancel?order_no=${order.order_no}`);
    expect(cancelled.json).toMatchObject({
      code: 0,
      msg: '支付已取消',
      body: { status: 'TRADE_CLOSED', order_status: 3 },
    });
    expect(trade.status).toBe('TRADE_CLOSED');
    const stranger = await newAgent();
    expect((await status(stranger.token, order.order_no)).json).toMatchObject({
      code: ErrorCode.orderNotFound,
      msg: '订单不存在',
    });
  });

  describe('wallet', () => {
    it('pays from the wallet with an SMS code of type 5, recorded as a purchase', async () => {
      const { token, agentId, phone } = await newAgent();
      await wallet.deposit(agentId, 5000, `income-${agentId}`, '推广收益结算');
      expect(await canOut(token)).toBe('50.00');
      const order = (await create(token, 7)).json.body;
      const switched = (await get(token, `/agent/v1/order/change_pay_type?order_no=${order.order_no}&pay_type=2`)).json
        .body;
      expect(switched).toMatchObject({ pay_type: 2, pay_qr_code: '', wallet_amount: '30.00', qr_amount: '0.00' });

      const wrong = await call(ctx.app, {
        url: '/agent/v1/order/wallet_pay',
        token,
        body: { order_no: order.order_no, code: '000000' },
      });
      expect(wrong.json.code).toBe(ErrorCode.smsCodeInvalid);
      ctx.clock.advance(61_000);
      await call(ctx.app, { url: '/agent/v1/user/send_code_by_id', token, body: { type: 5 } });
      const code = await latestCode(ctx.app, phone);
      const paid = await call(ctx.app, {
        url: '/agent/v1/order/wallet_pay',
        token,
        body: { order_no: order.order_no, code },
      });
      expect(paid.json).toMatchObject({ code: 0, msg: '支付成功', body: { status: 'TRADE_SUCCESS' } });
      expect(await canOut(token)).toBe('20.00');
      expect(await totals(token)).toEqual({ total: 450, buy: 300, gift: 150 });
      const record = await ctx.database.db
        .selectFrom('cash_outs')
        .selectAll()
        .where('order_no', '=', order.order_no)
        .executeTakeFirstOrThrow();
      expect(record).toMatchObject({ agent_id: agentId, out_status: 6, amount_fen: 3000 });
    });

    it('refuses wallet pay above can_out without using up the code', async () => {
      const { token, agentId, phone } = await newAgent();
      await wallet.deposit(agentId, 1000, `income-${agentId}`, '推广收益结算');
      const order = (await create(token, 7)).json.body;
      expect(
        (await get(token, `/agent/v1/order/change_pay_type?order_no=${order.order_no}&pay_type=2`)).json,
      ).toMatchObject({
        code: ErrorCode.walletInsufficient,
        msg: '钱包可用余额不足，请选择组合支付或支付宝支付',
      });
      ctx.clock.advance(61_000);
      await call(ctx.app, { url: '/agent/v1/user/send_code_by_id', token, body: { type: 5 } });
      const code = await latestCode(ctx.app, phone);
      expect(
        (await call(ctx.app, { url: '/agent/v1/order/wallet_pay', token, body: { order_no: order.order_no, code } }))
          .json.code,
      ).toBe(ErrorCode.walletInsufficient);
      expect((await call(ctx.app, { url: '/agent/v1/user/verify', token, body: { code, type: 5 } })).json.code).toBe(0);
    });

    it('combo: holds the wallet part, scans the rest, commits both on payment', async () => {
      const { token, agentId } = await newAgent();
      await wallet.deposit(agentId, 1000, `income-${agentId}`, '推广收益结算');
      const order = (await create(token, 7)).json.body;
      const combo = (await get(token, `/agent/v1/order/change_pay_type?order_no=${order.order_no}&pay_type=3`)).json
        .body;
      expect(combo).toMatchObject({ pay_type: 3, wallet_amount: '10.00', qr_amount: '20.00' });
      expect(await canOut(token)).toBe('0.00');
      const trade = await openTrade(order.order_no);
      expect(trade.totalAmount).toBe('20.00');
      expect((await notify(ctx.sandbox.pay(trade))).body).toBe('success');
      expect(await canOut(token)).toBe('0.00');
      const account = await ctx.database.db
        .selectFrom('wallet_accounts')
        .selectAll()
        .where('agent_id', '=', agentId)
        .executeTakeFirstOrThrow();
      expect(account).toMatchObject({ balance_fen: 0, held_fen: 0 });
      expect((await totals(token)).total).toBe(450);
    });

    it('combo: cancel releases the hold', async () => {
      const { token, agentId } = await newAgent();
      await wallet.deposit(agentId, 1000, `income-${agentId}`, '推广收益结算');
      const order = (await create(token, 7)).json.body;
      await get(token, `/agent/v1/order/change_pay_type?order_no=${order.order_no}&pay_type=3`);
      expect(await canOut(token)).toBe('0.00');
      await get(token, `/agent/v1/order/change_pay_type?order_no=${order.order_no}&pay_type=1`);
      expect(await canOut(token)).toBe('10.00');
      await get(token, `/agent/v1/order/change_pay_type?order_no=${order.order_no}&pay_type=3`);
      await get(token, `/agent/v1/order/cancel?order_no=${order.order_no}`);
      expect(await canOut(token)).toBe('10.00');
      expect(
        (await get(token, `/agent/v1/order/change_pay_type?order_no=${order.order_no}&pay_type=3`)).json.code,
      ).toBe(ErrorCode.orderNotPending);
    });

    it('combo is refused when the wallet alone can pay, or holds nothing', async () => {
      const { token, agentId } = await newAgent();
      const order = (await create(token, 1)).json.body;
      expect(
        (await get(token, `/agent/v1/order/change_pay_type?order_no=${order.order_no}&pay_type=3`)).json.code,
      ).toBe(ErrorCode.walletInsufficient);
      await wallet.deposit(agentId, 5000, `income-${agentId}`, '推广收益结算');
      expect(
        (await get(token, `/agent/v1/order/change_pay_type?order_no=${order.order_no}&pay_type=3`)).json.code,
      ).toBe(ErrorCode.comboNotNeeded);
    });
  });
});
