/**
 * Regression tests for Alipay's money paths: a payment the order no longer wants is refunded (never lost, never
 * credited twice), the combo wallet part comes from the order's hold, the notification endpoint always answers
 * `success`/`failure`, and concurrent QR resets leave one payable trade.
 */
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
import { REFUND_MAX_ATTEMPTS } from '../payment/refund.service.js';
import { WalletRepository } from '../withdrawal/wallet.repository.js';
import { WalletService } from '../withdrawal/wallet.service.js';

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789';

describe(`over-payments, refunds and the notification endpoint (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let wallet: WalletService;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
    wallet = new WalletService(ctx.database, new WalletRepository(ctx.database.db), ctx.clock);
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  async function newAgent(walletFen = 0) {
    const phone = nextPhone();
    const token: string = (await loginAs(ctx, phone)).json.body.access_token;
    const agentId: number = (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token })).json.body
      .agent_id;
    if (walletFen > 0) await wallet.deposit(agentId, walletFen, `income-${agentId}`, '推广收益结算');
    return { phone, token, agentId };
  }

  const get = (token: string, path: string) => call(ctx.app, { method: 'GET', url: path, token });
  const create = async (token: string, proId: number) =>
    (await call(ctx.app, { url: '/agent/v1/order/create', token, body: { type: 1, pro_id: proId, quantity: 1 } })).json
      .body;
  const status = async (token: string, orderNo: string) =>
    (await get(token, `/agent/v1/order/get_status?order_no=${orderNo}`)).json;
  const totals = async (token: string) => (await get(token, '/agent/v1/credit/total')).json.body;
  const canOut = async (token: string) => (await get(token, '/agent/v1/credit/income')).json.body.can_out;
  const payType = (token: string, orderNo: string, type: number) =>
    get(token, `/agent/v1/order/change_pay_type?order_no=${orderNo}&pay_type=${type}`);

  async function trades(orderNo: string) {
    return ctx.database.db
      .selectFrom('payment_trades')
      .innerJoin('orders', 'orders.id', 'payment_trades.order_id')
      .select(['payment_trades.out_trade_no', 'payment_trades.status', 'payment_trades.amount_fen'])
      .where('orders.order_no', '=', orderNo)
      .orderBy('payment_trades.id')
      .execute();
  }

  /** The buyer scans the order's newest QR. */
  async function scanLatest(orderNo: string) {
    const latest = (await trades(orderNo)).at(-1)!;
    return ctx.sandbox.scan(latest.out_trade_no)!;
  }

  const notify = async (params: Record<string, string>) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/pay/alipay/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(params).toString(),
      })
    ).body;

  async function walletPay(agent: { token: string; phone: string }, orderNo: string) {
    ctx.clock.advance(61_000);
    await call(ctx.app, { url: '/agent/v1/user/send_code_by_id', token: agent.token, body: { type: 5 } });
    const code = await latestCode(ctx.app, agent.phone);
    return call(ctx.app, { url: '/agent/v1/order/wallet_pay', token: agent.token, body: { order_no: orderNo, code } });
  }

  async function refundsOf(orderNo: string) {
    const listed = await call(ctx.app, {
      method: 'GET',
      url: '/ops/v1/payments/refunds?page_size=100',
      token: OPERATOR_TOKEN,
      vendor: null,
    });
    expect(listed.json.code).toBe(0);
    return (listed.json.body.data as { order_no: string }[]).filter((r) => r.order_no === orderNo);
  }

  it('wallet pay, then the still-open QR paid (its cancel failed): the scan is refunded, points arrive once', async () => {
    const agent = await newAgent(5000);
    const order = await create(agent.token, 7);
    const trade = await scanLatest(order.order_no);
    ctx.sandbox.failNext('alipay.trade.cancel');
    expect((await walletPay(agent, order.order_no)).json).toMatchObject({ code: 0, body: { status: 'TRADE_SUCCESS' } });
    expect(trade.status).toBe('WAIT_BUYER_PAY');

    expect(await notify(ctx.sandbox.pay(trade))).toBe('success');
    expect(await notify(ctx.sandbox.notificationOf(trade))).toBe('success');
    expect(await totals(agent.token)).toEqual({ total: 450, buy: 300, gift: 150 });
    expect(await canOut(agent.token)).toBe('20.00');
    expect(trade.refundedFen).toBe(3000);
    expect(await refundsOf(order.order_no)).toEqual([
      expect.objectContaining({ amount: '30.00', status: 2, status_text: '已退款', method: 'refund', attempts: 1 }),
    ]);
    // The sweep finds nothing left to cancel for this order, and running it again changes nothing.
    await ctx.services.alipayTrades.cancelDueTrades();
    await ctx.services.refunds.processDue();
    expect(trade.refundedFen).toBe(3000);
  });

  it('a wallet pay racing the QR notification: exactly one payment is kept, the other never charged or refunded', async () => {
    const races = [];
    for (let i = 0; i < 6; i += 1) {
      const agent = await newAgent(5000);
      const order = await create(agent.token, 7);
      const trade = await scanLatest(order.order_no);
      ctx.clock.advance(61_000);
      await call(ctx.app, { url: '/agent/v1/user/send_code_by_id', token: agent.token, body: { type: 5 } });
      const code = await latestCode(ctx.app, agent.phone);
      races.push({ agent, order, trade, code, notice: ctx.sandbox.pay(trade) });
    }
    const codes = await Promise.all(
      races.map(async ({ agent, order, code, notice }) => {
        const body = { order_no: order.order_no, code };
        const [paid] = await Promise.all([
          call(ctx.app, { url: '/agent/v1/order/wallet_pay', token: agent.token, body }),
          notify(notice),
          notify(notice),
        ]);
        return paid.json.code as number;
      }),
    );
    await ctx.services.refunds.processDue();
    for (const [i, { agent, trade }] of races.entries()) {
      expect(await totals(agent.token)).toEqual({ total: 450, buy: 300, gift: 150 });
      const walletCharged = (await canOut(agent.token)) === '20.00';
      expect(walletCharged).toBe(codes[i] === 0);
      expect(trade.refundedFen).toBe(walletCharged ? 3000 : 0);
    }
  });

  it('an unscanned QR is cancelled for good: scanning it after a wallet pay cannot pay', async () => {
    const agent = await newAgent(5000);
    const order = await create(agent.token, 7);
    const [unscanned] = await trades(order.order_no);
    // Real Alipay has no trade before the scan: query and close say so.
    expect(ctx.sandbox.trade(unscanned!.out_trade_no)).toBeUndefined();
    expect((await walletPay(agent, order.order_no)).json.code).toBe(0);
    expect((await trades(order.order_no)).map((t) => t.status)).toEqual([3]);
    const late = ctx.sandbox.scan(unscanned!.out_trade_no)!;
    expect(late.status).toBe('TRADE_CLOSED');
    expect(() => ctx.sandbox.pay(late)).toThrow();
  });

  it('a QR paid at Alipay before the wallet pay wins; the wallet is not charged', async () => {
    const agent = await newAgent(5000);
    const order = await create(agent.token, 7);
    ctx.sandbox.pay(await scanLatest(order.order_no));
    const paid = await walletPay(agent, order.order_no);
    expect(paid.json).toMatchObject({ code: ErrorCode.orderAlreadyPaid, msg: '订单已支付成功，无需重复付款' });
    expect((await status(agent.token, order.order_no)).body).toMatchObject({ status: 'TRADE_SUCCESS', pay_type: 1 });
    expect(await canOut(agent.token)).toBe('50.00');
    expect((await totals(agent.token)).total).toBe(450);
    expect(await refundsOf(order.order_no)).toEqual([]);
  });

  it('a cancel that finds the trade paid is the refund: the late notification refunds nothing more', async () => {
    const agent = await newAgent(5000);
    const order = await create(agent.token, 7);
    const trade = await scanLatest(order.order_no);
    const paidNotice = ctx.sandbox.pay(trade);
    ctx.sandbox.failNext('alipay.trade.query', 2);
    expect((await walletPay(agent, order.order_no)).json.code).toBe(0);
    expect(trade).toMatchObject({ status: 'TRADE_CLOSED', refundedFen: 3000 });
    expect(await notify(paidNotice)).toBe('success');
    expect(trade.refundedFen).toBe(3000);
    expect(await refundsOf(order.order_no)).toEqual([
      expect.objectContaining({ amount: '30.00', status: 2, method: 'cancel' }),
    ]);
    expect((await totals(agent.token)).total).toBe(450);
    expect(await canOut(agent.token)).toBe('20.00');
  });

  it('combo → Alipay → the old combo QR paid: refunded, the order still payable, the wallet untouched', async () => {
    const agent = await newAgent(1000);
    const order = await create(agent.token, 7);
    expect((await payType(agent.token, order.order_no, 3)).json.body).toMatchObject({ qr_amount: '20.00' });
    const comboTrade = await scanLatest(order.order_no);
    ctx.sandbox.failNext('alipay.trade.cancel');
    expect((await payType(agent.token, order.order_no, 1)).json.body).toMatchObject({
      pay_type: 1,
      qr_amount: '30.00',
      wallet_amount: '0.00',
    });
    expect(await canOut(agent.token)).toBe('10.00');

    expect(await notify(ctx.sandbox.pay(comboTrade))).toBe('success');
    expect(comboTrade.refundedFen).toBe(2000);
    expect(await status(agent.token, order.order_no)).toMatchObject({
      code: 0,
      body: { status: 'WAIT_BUYER_PAY', order_status: 1 },
    });
    expect(await canOut(agent.token)).toBe('10.00');
    expect((await totals(agent.token)).total).toBe(0);

    // The new QR pays the whole order; the timeout sweep has nothing to trip over.
    expect(await notify(ctx.sandbox.pay(await scanLatest(order.order_no)))).toBe('success');
    expect((await totals(agent.token)).total).toBe(450);
    expect(await canOut(agent.token)).toBe('10.00');
    ctx.clock.advance(700_000);
    await expect(ctx.services.orders.expireDue()).resolves.toBeGreaterThanOrEqual(0);
    await expect(ctx.services.alipayTrades.cancelDueTrades()).resolves.toBeGreaterThanOrEqual(0);
  });

  it('a combo paid by its QR takes the wallet part from the hold', async () => {
    const agent = await newAgent(1234);
    const order = await create(agent.token, 7);
    await payType(agent.token, order.order_no, 3);
    const trade = await scanLatest(order.order_no);
    expect(trade.totalAmount).toBe('17.66');
    expect(await notify(ctx.sandbox.pay(trade))).toBe('success');
    const account = await ctx.database.db
      .selectFrom('wallet_accounts')
      .selectAll()
      .where('agent_id', '=', agent.agentId)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ balance_fen: 0, held_fen: 0 });
    expect((await totals(agent.token)).total).toBe(450);
  });

  it('a failed switch to combo leaves the old QR payable and the order as it was', async () => {
    const agent = await newAgent(1000);
    const order = await create(agent.token, 7);
    const trade = await scanLatest(order.order_no);
    // The money the hold needs is gone by the time the switch runs.
    await ctx.database.db
      .updateTable('wallet_accounts')
      .set({ held_fen: 1000 })
      .where('agent_id', '=', agent.agentId)
      .execute();
    expect((await payType(agent.token, order.order_no, 3)).json.code).toBe(ErrorCode.walletInsufficient);
    expect((await status(agent.token, order.order_no)).body).toMatchObject({ pay_type: 1, qr_amount: '30.00' });
    expect((await trades(order.order_no)).map((t) => t.status)).toEqual([1]);
    expect(await notify(ctx.sandbox.pay(trade))).toBe('success');
    expect((await totals(agent.token)).total).toBe(450);
    // The stand-in hold goes: the books check wants every hold to be a live withdrawal's or order's.
    await ctx.database.db
      .updateTable('wallet_accounts')
      .set({ held_fen: 0 })
      .where('agent_id', '=', agent.agentId)
      .execute();
  });

  it('a payment for a timed-out order is refunded; one found at Alipay before the timeout is honoured', async () => {
    const agent = await newAgent();
    const late = await create(agent.token, 1);
    const lateTrade = await scanLatest(late.order_no);
    const honoured = await create(agent.token, 1);
    ctx.sandbox.pay(await scanLatest(honoured.order_no));
    ctx.sandbox.failNext('alipay.trade.cancel');
    ctx.clock.advance(600_000);
    await ctx.services.orders.expireDue();
    expect((await status(agent.token, honoured.order_no)).body).toMatchObject({ order_status: 2 });
    expect((await status(agent.token, late.order_no)).body).toMatchObject({ order_status: 4 });
    expect(await notify(ctx.sandbox.pay(lateTrade))).toBe('success');
    expect((await totals(agent.token)).total).toBe(100);
    expect(await refundsOf(late.order_no)).toEqual([
      expect.objectContaining({ amount: '10.00', status: 2, reason: '订单已超时，付款原路退回' }),
    ]);
  });

  it('retries a refund Alipay refused, gives up after the attempts for an operator, who retries it', async () => {
    const agent = await newAgent();
    const order = await create(agent.token, 1);
    const trade = await scanLatest(order.order_no);
    ctx.sandbox.failNext('alipay.trade.cancel');
    await get(agent.token, `/agent/v1/order/cancel?order_no=${order.order_no}`);
    ctx.sandbox.failNext('alipay.trade.refund', REFUND_MAX_ATTEMPTS);
    expect(await notify(ctx.sandbox.pay(trade))).toBe('success');
    expect((await refundsOf(order.order_no))[0]).toMatchObject({ status: 1, attempts: 1 });
    for (let i = 1; i < REFUND_MAX_ATTEMPTS; i += 1) await ctx.services.refunds.processDue();
    const [failed] = await refundsOf(order.order_no);
    expect(failed).toMatchObject({ status: 3, status_text: '退款失败', attempts: REFUND_MAX_ATTEMPTS });
    expect(trade.refundedFen).toBe(0);

    const retry = (id: number, token = OPERATOR_TOKEN) =>
      call(ctx.app, { url: `/ops/v1/payments/refunds/${id}/retry`, token, vendor: null });
    const id = (failed as unknown as { id: number }).id;
    expect((await retry(id, 'wrong-token-wrong-token-wrong')).json.code).toBe(ErrorCode.operatorUnauthorized);
    expect((await retry(id)).json).toMatchObject({ code: 0 });
    expect(trade.refundedFen).toBe(1000);
    expect((await retry(id)).json.code).toBe(ErrorCode.refundNotRetryable);
    expect((await retry(999_999)).json.code).toBe(ErrorCode.refundNotFound);
    expect((await totals(agent.token)).total).toBe(0);
  });

  it('ten concurrent QR resets leave exactly one payable trade, and every answer is a clean one', async () => {
    const agent = await newAgent();
    const order = await create(agent.token, 1);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => get(agent.token, `/agent/v1/order/reset_qr_code?order_no=${order.order_no}`)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.every((a) => a.json.code === 0)).toBe(true);
    const rows = await trades(order.order_no);
    expect(rows).toHaveLength(11);
    expect(rows.filter((t) => t.status === 1)).toHaveLength(1);
    expect(new Set(rows.map((t) => t.out_trade_no)).size).toBe(11);
    const current = await status(agent.token, order.order_no);
    expect(current.body.pay_qr_code).not.toBe('');
    expect(await notify(ctx.sandbox.pay(await scanLatest(order.order_no)))).toBe('success');
    expect((await totals(agent.token)).total).toBe(100);
  });

  describe('the notification endpoint', () => {
    const post = (payload: string, contentType = 'application/x-www-form-urlencoded') =>
      ctx.app.inject({ method: 'POST', url: '/pay/alipay/notify', headers: { 'content-type': contentType }, payload });

    it('verifies on raw values: a genuine notification with % in its subject is credited once', async () => {
      const agent = await newAgent();
      const order = await create(agent.token, 1);
      const trade = await scanLatest(order.order_no);
      ctx.sandbox.pay(trade);
      const signed = ctx.sandbox.notificationOf(trade, { subject: '100%好剧 50%折扣 %E4%BD' });
      expect(await notify(signed)).toBe('success');
      expect(await notify(signed)).toBe('success');
      expect((await totals(agent.token)).total).toBe(100);
    });

    it('answers failure, as plain text with HTTP 200, to anything it cannot accept', async () => {
      const agent = await newAgent();
      const order = await create(agent.token, 1);
      const trade = await scanLatest(order.order_no);
      ctx.sandbox.pay(trade);
      const good = ctx.sandbox.notificationOf(trade);
      const cases = [
        post(new URLSearchParams({ ...good, sign_type: 'MD5' }).toString()),
        post(new URLSearchParams({ ...good, sign_type: 'XYZ' }).toString()),
        post(JSON.stringify({ ...good, sign: 12345 }), 'application/json'),
        post(JSON.stringify({ ...good, total_amount: 30 }), 'application/json'),
        post('{"broken json', 'application/json'),
        post('', 'application/x-www-form-urlencoded'),
        post('a=%ZZ&b=%', 'application/x-www-form-urlencoded'),
        post('<xml/>', 'text/xml'),
      ];
      for (const response of await Promise.all(cases)) {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.body).toBe('failure');
      }
      expect((await totals(agent.token)).total).toBe(0);
      expect(await notify(good)).toBe('success');
      expect((await totals(agent.token)).total).toBe(100);
    });
  });

  it('the refund list is for operators only and filters by status', async () => {
    const anonymous = await call(ctx.app, { method: 'GET', url: '/ops/v1/payments/refunds', vendor: null });
    expect(anonymous.json.code).toBe(ErrorCode.operatorUnauthorized);
    const refunded = await call(ctx.app, {
      method: 'GET',
      url: '/ops/v1/payments/refunds?status=2',
      token: OPERATOR_TOKEN,
      vendor: null,
    });
    expect(refunded.json.body.data.length).toBeGreaterThan(0);
    expect(refunded.json.body.data.every((r: { status: number }) => r.status === 2)).toBe(true);
    const bad = await call(ctx.app, {
      method: 'GET',
      url: '/ops/v1/payments/refunds?status=9',
      token: OPERATOR_TOKEN,
      vendor: null,
    });
    expect(bad.json).toMatchObject({ code: ErrorCode.validation, msg: '退款状态不正确' });
  });
});
