import { ErrorCode, OutStatus } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../../test/books.js';
import { addPurchasablePackage, codeFor, readyCreator, walletOf, type Creator } from '../../../test/payee-fixtures.js';
import { call, createTestApp, latestCode, testDatabaseKind, type TestContext } from '../../../test/test-app.js';

const OPERATOR_TOKEN = 'operator-token-for-wallet-tax-tests-0123456789';
const PACKAGE_ID = 255;

/**
 * Points bought with wallet money are labour remuneration paid in kind: the purchase enters the
 * creator's cumulative history and the tax withheld on it leaves the wallet in the same transaction.
 *
 * Every creator here was first paid a 10 000.00 withdrawal in June 2027: 10000 − 2000 (20 %) − 5000 (one month) =
 * 3000 × 3 % = 90.00 withheld. A 255.00 purchase the same month: 10255 − 2051 − 5000 = 3204 × 3 % = 96.12 − 90 =
 * 6.12 withheld, so the wallet pays 261.12. (Without the withdrawal, 255 − 51 − 5000 < 0: no tax at all.)
 */
describe(`wallet purchases are taxed (${testDatabaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
    await addPurchasablePackage(ctx, { id: PACKAGE_ID, name: '255元套餐', price_fen: 25_500, credit: 2_550 });
  });
  afterAll(() => ctx.close());
  afterEach(() => expectBooksBalanced(ctx));

  const get = (token: string, url: string) => call(ctx.app, { method: 'GET', url, token });
  const ops = (url: string, body: unknown = {}) => call(ctx.app, { url, token: OPERATOR_TOKEN, body });
  const canOut = async (c: Creator) => (await get(c.token, '/agent/v1/credit/income')).json.body.can_out as string;
  const payType = (c: Creator, orderNo: string, type: number) =>
    get(c.token, `/agent/v1/order/change_pay_type?order_no=${orderNo}&pay_type=${type}`);

  async function withdraw(c: Creator, amount: string) {
    const code = await codeFor(ctx, c, 4);
    const applied = await call(ctx.app, {
      url: '/agent/v1/sett/cash_out/apply',
      token: c.token,
      body: { amount, cash_out_to: 2, code },
    });
    expect(applied.json.code, applied.json.msg).toBe(0);
    const id = applied.json.body.id as number;
    await ops(`/ops/v1/withdrawals/${id}/approve`);
    const paid = await ops(`/ops/v1/withdrawals/${id}/pay`);
    expect(paid.json.code, paid.json.msg).toBe(0);
    return paid.json.body;
  }

  /** A creator paid 10 000.00 in June 2027, with `extraFen` left available in the wallet. */
  async function paidCreator(extraFen: number) {
    ctx.clock.set(Date.UTC(2027, 5, 10, 4, 0, 0));
    const creator = await readyCreator(ctx, 1_000_000 + extraFen);
    expect(await withdraw(creator, '10000')).toMatchObject({ tax: '90.00' });
    ctx.clock.advance(3_600_000); // the SMS limit of 5 codes an hour: the wallet pay needs one more
    return creator;
  }

  /** A wallet-pay code (type 5), sent a minute after the last so the open order does not run out meanwhile. */
  async function walletCode(c: Creator) {
    ctx.clock.advance(61_000);
    const sent = await call(ctx.app, { url: '/agent/v1/user/send_code_by_id', token: c.token, body: { type: 5 } });
    expect(sent.json.code, sent.json.msg).toBe(0);
    return latestCode(ctx.app, c.phone);
  }

  const createOrder = async (c: Creator) =>
    (
      await call(ctx.app, {
        url: '/agent/v1/order/create',
        token: c.token,
        body: { type: 1, pro_id: PACKAGE_ID, quantity: 1 },
      })
    ).json.body;

  /** The buyer scans the order's payable QR and pays it; Alipay notifies. Answers the amount the scan paid. */
  async function payScan(orderNo: string): Promise<string> {
    const trade = await ctx.database.db
      .selectFrom('payment_trades')
      .innerJoin('orders', 'orders.id', 'payment_trades.order_id')
      .select('payment_trades.out_trade_no')
      .where('orders.order_no', '=', orderNo)
      .where('payment_trades.status', '=', 1)
      .executeTakeFirstOrThrow();
    const scanned = ctx.sandbox.scan(trade.out_trade_no)!;
    const notified = await ctx.app.inject({
      method: 'POST',
      url: '/pay/alipay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(ctx.sandbox.pay(scanned)).toString(),
    });
    expect(notified.body).toBe('success');
    return scanned.totalAmount;
  }

  const walletAccount = (c: Creator) =>
    ctx.database.db
      .selectFrom('wallet_accounts')
      .selectAll()
      .where('agent_id', '=', c.agentId)
      .executeTakeFirstOrThrow();

  const purchaseRow = (orderNo: string) =>
    ctx.database.db.selectFrom('cash_outs').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
  const ledgerOf = (agentId: number) =>
    ctx.database.db
      .selectFrom('wallet_ledger')
      .select(['idempotency_key', 'amount_fen'])
      .where('agent_id', '=', agentId)
      .orderBy('id')
      .execute();

  it('charges the wallet 255.00 + 6.12 tax, refuses with the figures when it cannot, and counts it in the next withdrawal', async () => {
    const creator = await paidCreator(25_800);
    const order = await createOrder(creator);
    expect(order).toMatchObject({ price: '255.00', wallet_pay_total: '261.12' });

    const short = await payType(creator, order.order_no, 2);
    expect(short.json).toMatchObject({
      code: ErrorCode.walletTaxInsufficient,
      msg: '钱包余额不足：积分 ¥255.00 + 代扣个税 ¥6.12 = ¥261.12，可用 ¥258.00',
    });

    await walletOf(ctx).deposit(creator.agentId, 1_000, `top-up-${creator.agentId}`, '推广收益结算');
    const switched = await payType(creator, order.order_no, 2);
    expect(switched.json.body).toMatchObject({
      pay_type: 2,
      wallet_amount: '255.00',
      wallet_tax: '6.12',
      wallet_total: '261.12',
      qr_amount: '0.00',
    });
    const code = await walletCode(creator);
    const paid = await call(ctx.app, {
      url: '/agent/v1/order/wallet_pay',
      token: creator.token,
      body: { order_no: order.order_no, code },
    });
    expect(paid.json).toMatchObject({ code: 0, body: { status: 'TRADE_SUCCESS', wallet_tax: '6.12' } });
    // 268.00 − 261.12.
    expect(await canOut(creator)).toBe('6.88');
    expect(await purchaseRow(order.order_no)).toMatchObject({
      out_status: OutStatus.PurchaseComplete,
      amount_fen: 25_500,
      pre_pay_amount_fen: 25_500,
      tax_fen: 612,
      tax_year: 2027,
      tax_month: 6,
      tax_final: 1,
    });
    expect((await ledgerOf(creator.agentId)).slice(-2)).toEqual([
      { idempotency_key: `order:${order.order_no}`, amount_fen: -25_500 },
      { idempotency_key: `tax:order:${order.order_no}`, amount_fen: -612 },
    ]);
    // In the creator's records it reads as what it is: a purchase of that order, 261.12 taken from the
    // wallet, no payee, nothing to cancel.
    const records = await get(creator.token, '/agent/v1/sett/cash_out/page?page_num=1&page_size=10');
    const purchase = (records.json.body.data as { order_no: string }[]).find((r) => r.order_no === order.order_no);
    expect(purchase).toMatchObject({
      record_type: 'purchase',
      out_status: OutStatus.PurchaseComplete,
      out_status_text: '购买完成',
      wallet_amount: '261.12',
      amount: '255.00',
      tax: '6.12',
      cash_out_to: 0,
      real_name: '',
      can_cancel: false,
      tax_estimated: false,
    });
    expect(records.json.body.data).toContainEqual(
      expect.objectContaining({ record_type: 'withdrawal', order_no: '', wallet_amount: '10000.00' }),
    );

    // The next withdrawal's history holds the purchase: 10255 paid before, 96.12 withheld.
    // 10256.88 − 2051.38 − 5000 = 3205.50 × 3 % = 96.165 → 96.17 − 96.12 = 0.05.
    ctx.clock.advance(3_600_000); // the SMS limit of 5 codes an hour
    const next = await withdraw(creator, '1.88');
    expect(next.tax).toBe('0.05');
    const row = await ctx.database.db
      .selectFrom('cash_outs')
      .select('tax_detail')
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.tax_detail)).toMatchObject({
      cumulative_income: '10256.88',
      withheld_before: '96.12',
    });
  });

  it('combo: the wallet pays the largest share it can with its tax, the tax fixed when the scan is paid', async () => {
    const creator = await paidCreator(10_000);
    const order = await createOrder(creator);
    // Share 97.66: 10097.66 − 2019.53 − 5000 = 3078.13 × 3 % = 92.34 − 90 = 2.34, and 97.66 + 2.34 = 100.00.
    // Share 97.67 would withhold 2.34 as well: 100.01, one fen more than the wallet has.
    const combo = await payType(creator, order.order_no, 3);
    expect(combo.json.body).toMatchObject({
      pay_type: 3,
      wallet_amount: '97.66',
      wallet_tax: '2.34',
      wallet_total: '100.00',
      qr_amount: '157.34',
    });
    expect(await canOut(creator)).toBe('0.00');
    expect(await payScan(order.order_no)).toBe('157.34');
    expect(await purchaseRow(order.order_no)).toMatchObject({ amount_fen: 9_766, tax_fen: 234, tax_final: 1 });
    // What is left is the 10 000.00 withdrawal, still held while it is being paid.
    expect(await walletAccount(creator)).toMatchObject({ balance_fen: 1_000_000, held_fen: 1_000_000, debt_fen: 0 });
  });

  it('combo: a tax grown between the hold and the scan is still withheld, what the wallet lacks as debt', async () => {
    const creator = await paidCreator(10_000);
    const code = await codeFor(ctx, creator, 4);
    const order = await createOrder(creator);
    expect((await payType(creator, order.order_no, 3)).json.body).toMatchObject({ wallet_total: '100.00' });
    // Meanwhile a 50 000.00 withdrawal is paid: 60000 − 12000 − 5000 = 43000 × 10 % − 2520 = 1780 − 90 = 1690.
    await walletOf(ctx).deposit(creator.agentId, 5_000_000, `more-${creator.agentId}`, '推广收益结算');
    const applied = await call(ctx.app, {
      url: '/agent/v1/sett/cash_out/apply',
      token: creator.token,
      body: { amount: '50000', cash_out_to: 2, code },
    });
    const id = applied.json.body.id as number;
    await ops(`/ops/v1/withdrawals/${id}/approve`);
    expect((await ops(`/ops/v1/withdrawals/${id}/pay`)).json.body).toMatchObject({ tax: '1690.00' });
    // The scan is paid: the share 97.66 is now taxed at 10 %: 60097.66 − 12019.53 − 5000 = 43078.13 × 10 % − 2520 =
    // 1787.81 − 1780 = 7.81. The hold had 2.34 for it; the other 5.47 is not in the wallet: it becomes debt.
    expect(await payScan(order.order_no)).toBe('157.34');
    expect(await purchaseRow(order.order_no)).toMatchObject({ amount_fen: 9_766, tax_fen: 781 });
    // Both withdrawals (10 000 + 50 000) still held while they are being paid.
    expect(await walletAccount(creator)).toMatchObject({ balance_fen: 6_000_000, held_fen: 6_000_000, debt_fen: 547 });
  });

  it('takes no tax on a small purchase under the monthly deduction, and the wallet pays the price alone', async () => {
    ctx.clock.set(Date.UTC(2027, 6, 10, 4, 0, 0));
    const creator = await readyCreator(ctx, 25_500);
    const order = await createOrder(creator);
    // 255 − 51 − 5000 < 0: nothing taxable.
    expect(order).toMatchObject({ wallet_pay_total: '255.00' });
    expect((await payType(creator, order.order_no, 2)).json.body).toMatchObject({ wallet_tax: '0.00' });
    const code = await walletCode(creator);
    const paid = await call(ctx.app, {
      url: '/agent/v1/order/wallet_pay',
      token: creator.token,
      body: { order_no: order.order_no, code },
    });
    expect(paid.json.code).toBe(0);
    expect(await canOut(creator)).toBe('0.00');
    expect(await purchaseRow(order.order_no)).toMatchObject({ tax_fen: 0, tax_final: 1, pre_pay_amount_fen: 25_500 });
  });
});
