/**
 * "My tasks" and the home figures count every attributed order of a creator's promotions: a receipt
 * never activated by a copy button enters my tasks at its first order, and the kept figures stay exact under orders
 * and refunds arriving in parallel.
 */
import { OrderType, fenToYuan } from '@cc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partnerApps, reportOrder, type PartnerApp } from '../../../test/open-orders.js';
import { call, createTestApp, loginAs, nextPhone, testDatabaseKind, type TestContext } from '../../../test/test-app.js';
import { keptAndCountedTaskFigures } from '../../../test/task-figures.js';
import { seedDemoData } from '../../demo/demo-seed.js';
import { shareOf } from '../settlement/income.service.js';

const OPERATOR_TOKEN = 'operator-token-for-task-figures-0123';
const RATE_BP = 7000;

describe(`my tasks count every attributed order (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let partners: PartnerApp[];
  let token: string;
  let tasks: { task_id: number; app_id: number }[];
  let orderSeq = 0;

  beforeAll(async () => {
    ctx = await createTestApp({ OPERATOR_TOKEN });
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() - 60_000 });
    partners = await partnerApps(ctx, OPERATOR_TOKEN);
    token = (await loginAs(ctx, nextPhone())).json.body.access_token;
    const agentId = (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token })).json.body.agent_id;
    await ctx.database.db.updateTable('agents').set({ share_rate_bp: RATE_BP }).where('id', '=', agentId).execute();
    tasks = (await call(ctx.app, { method: 'GET', url: '/agent/v1/task/page?task_type=1&page_size=3' })).json.body.data;
  });
  afterAll(() => ctx.close());

  /** Receives a task without ever copying a link: the receipt is not activated. */
  async function receive(task: { task_id: number; app_id: number }) {
    const received = await call(ctx.app, {
      url: '/agent/v1/task/receive',
      token,
      body: { task_id: task.task_id, task_type: 1 },
    });
    return {
      atrId: received.json.body.atr_id as number,
      code: received.json.body.code as string,
      partner: partners.find((p) => p.app_id === task.app_id)!,
    };
  }
  const recharge = (receipt: Awaited<ReturnType<typeof receive>>, fen: number, orderId = `tf-${(orderSeq += 1)}`) =>
    reportOrder(ctx, receipt.partner, {
      order_id: orderId,
      code: receipt.code,
      order_type: OrderType.Recharge,
      amount: fenToYuan(fen),
      order_at: new Date(ctx.clock.now()).toISOString(),
    });
  const refund = (receipt: Awaited<ReturnType<typeof receive>>, fen: number, refundOf: string) =>
    reportOrder(ctx, receipt.partner, {
      order_id: `tf-${(orderSeq += 1)}`,
      code: receipt.code,
      order_type: OrderType.Refund,
      amount: fenToYuan(fen),
      order_at: new Date(ctx.clock.now()).toISOString(),
      refund_of: refundOf,
    });
  const myTasks = async () =>
    (await call(ctx.app, { method: 'GET', url: '/agent/v1/task/my_task?page_size=10', token })).json.body;
  const overview = async () =>
    (await call(ctx.app, { method: 'GET', url: '/agent/v1/task/overview', token })).json.body;

  it('puts a receipt never activated into my tasks at its first order, with its figures on the home page', async () => {
    const receipt = await receive(tasks[0]!);
    expect((await myTasks()).data).toEqual([]);
    expect(await overview()).toEqual({ task_count: 0, click_count: 0, order_count: 0, share_amount: '0.00' });

    expect(await recharge(receipt, 3000, 'tf-first')).toBe('attributed');
    const listed = await myTasks();
    expect(listed.page.total_count).toBe(1);
    expect(listed.data[0]).toMatchObject({
      atr_id: receipt.atrId,
      code: receipt.code,
      order_count: 1,
      order_amount: '30.00',
      share_amount: fenToYuan(shareOf(3000, RATE_BP)),
      actived_at: new Date(ctx.clock.now()).toISOString(),
    });
    expect(await overview()).toEqual({
      task_count: 1,
      click_count: 0,
      order_count: 1,
      share_amount: fenToYuan(shareOf(3000, RATE_BP)),
    });

    // A refund takes its share back from the figures; the order still counts, the task stays in my tasks.
    expect(await refund(receipt, 1000, 'tf-first')).toBe('attributed');
    const refunded = shareOf(3000, RATE_BP) - shareOf(1000, RATE_BP);
    expect(await overview()).toEqual({
      task_count: 1,
      click_count: 0,
      order_count: 1,
      share_amount: fenToYuan(refunded),
    });
    expect((await myTasks()).data[0]).toMatchObject({
      order_count: 1,
      order_amount: '20.00',
      share_amount: fenToYuan(refunded),
    });

    // A later copy button changes nothing: the task is active already.
    const activated = await call(ctx.app, { url: '/agent/v1/task/active', token, body: { atr_id: receipt.atrId } });
    expect(activated.json.code).toBe(0);
    expect(await overview()).toMatchObject({ task_count: 1, order_count: 1 });
  });

  it('keeps the figures exact when orders, refunds and the copy button of a new receipt arrive in parallel', async () => {
    const before = await overview();
    const receipt = await receive(tasks[1]!);
    const amounts = Array.from({ length: 16 }, (_, i) => 990 + i * 1000);
    const ids = amounts.map((_, i) => `tf-par-${i}`);
    const statuses = await Promise.all([
      ...amounts.map((fen, i) => recharge(receipt, fen, ids[i])),
      call(ctx.app, { url: '/agent/v1/task/active', token, body: { atr_id: receipt.atrId } }).then((r) =>
        String(r.json.code),
      ),
    ]);
    expect(statuses).toEqual([...amounts.map(() => 'attributed'), '0']);
    // Then refunds of every other order, beside more recharges, all at once.
    const more = [1990, 2990, 4990];
    await Promise.all([
      ...amounts.filter((_, i) => i % 2 === 0).map((fen, i) => refund(receipt, fen, ids[i * 2]!)),
      ...more.map((fen) => recharge(receipt, fen)),
    ]);
    const shareFen =
      amounts.filter((_, i) => i % 2 === 1).reduce((sum, fen) => sum + shareOf(fen, RATE_BP), 0) +
      more.reduce((sum, fen) => sum + shareOf(fen, RATE_BP), 0);
    const row = (await myTasks()).data.find((r: { atr_id: number }) => r.atr_id === receipt.atrId);
    expect(row).toMatchObject({ order_count: amounts.length + more.length, share_amount: fenToYuan(shareFen) });
    const after = await overview();
    expect(after.task_count).toBe(before.task_count + 1);
    expect(after.order_count).toBe(before.order_count + amounts.length + more.length);
    expect(Math.round(Number(after.share_amount) * 100)).toBe(Math.round(Number(before.share_amount) * 100) + shareFen);
  });

  // Last: whatever arrived, the kept figures equal the sums over the share rows and over the active receipts.
  it('keeps every receipt and creator figure equal to counting the rows', async () => {
    const db = ctx.database.db;
    const perReceipt = await db
      .selectFrom('task_receipts as r')
      .leftJoin('share_orders as s', (join) => join.onRef('s.receipt_id', '=', 'r.id').on('s.share_type', '=', 1))
      .select((eb) => [
        'r.id',
        'r.order_count',
        'r.share_fen',
        eb.fn.sum<number>(eb.case().when('s.order_type', '=', OrderType.Recharge).then(1).else(0).end()).as('orders'),
        eb.fn.coalesce(eb.fn.sum<number>('s.share_amount_fen'), eb.lit(0)).as('fen'),
      ])
      .groupBy(['r.id', 'r.order_count', 'r.share_fen'])
      .execute();
    for (const receipt of perReceipt) {
      expect([Number(receipt.order_count), Number(receipt.share_fen)]).toEqual([
        Number(receipt.orders ?? 0),
        Number(receipt.fen),
      ]);
    }
    // Every receipt with an order is active.
    const inactiveEarning = await db
      .selectFrom('task_receipts')
      .select('id')
      .where('actived_at', 'is', null)
      .where('order_count', '>', 0)
      .execute();
    expect(inactiveEarning).toEqual([]);
    const { kept, counted } = await keptAndCountedTaskFigures(db);
    expect(counted.length).toBeGreaterThan(0);
    expect(kept).toEqual(counted);
  });
});
