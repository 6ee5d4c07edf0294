import { OrderType, OutStatus, SettStatus, ShareType, fenToYuan } from '@cc/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../../test/books.js';
import { call, createTestApp, loginAs, testDatabaseKind, type TestContext } from '../../test/test-app.js';
import { seedDemoData } from './demo-seed.js';
import { DEMO_CREATOR_PHONE, seedDemoIncome } from './demo-income.js';

describe(`the demo creator's income (${testDatabaseKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoData(ctx.services, ctx.config.mediaDir, { now: ctx.clock.now() });
  });
  afterEach(() => expectBooksBalanced(ctx));
  afterAll(() => ctx.close());

  it('reports three months of orders through the intake, settles what is due, and runs once', async () => {
    const reported = await seedDemoIncome(ctx, ctx.clock.now());
    expect(reported).toBeGreaterThan(150);
    const db = ctx.database.db;
    const agent = await db
      .selectFrom('agents')
      .select('id')
      .where('phone', '=', DEMO_CREATOR_PHONE)
      .executeTakeFirstOrThrow();
    const byStatus = await db
      .selectFrom('share_orders')
      .select(['sett_status', (eb) => eb.fn.sum<number>('share_amount_fen').as('fen')])
      .where('agent_id', '=', agent.id)
      .groupBy('sett_status')
      .execute();
    const settled = Number(byStatus.find((row) => row.sett_status === SettStatus.Settled)?.fen ?? 0);
    const pending = Number(byStatus.find((row) => row.sett_status !== SettStatus.Settled)?.fen ?? 0);
    expect(settled).toBeGreaterThan(0);
    expect(pending).toBeGreaterThan(0);
    const wallet = await db
      .selectFrom('wallet_accounts')
      .select(['balance_fen', 'held_fen', 'debt_fen'])
      .where('agent_id', '=', agent.id)
      .executeTakeFirstOrThrow();
    const withdrawals = await db
      .selectFrom('cash_outs')
      .select(['out_status', 'amount_fen'])
      .where('agent_id', '=', agent.id)
      .orderBy('id')
      .execute();
    expect(withdrawals).toEqual([
      { out_status: OutStatus.Complete, amount_fen: 200_000 },
      { out_status: OutStatus.Pending, amount_fen: 50_000 },
    ]);
    // What settled is in the wallet, less the paid withdrawal; the pending one is held.
    expect(wallet.balance_fen - wallet.debt_fen).toBe(settled - 200_000);
    expect(wallet.held_fen).toBe(50_000);
    // The seed's codes leave the creator's SMS allowance untouched.
    expect(await db.selectFrom('sms_codes').select('id').where('phone', '=', DEMO_CREATOR_PHONE).execute()).toEqual([]);

    // The home page counts every attributed order of the creator's promotions, though the seed never copied a link.
    const recharges = await db
      .selectFrom('share_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('agent_id', '=', agent.id)
      .where('share_type', '=', ShareType.Mine)
      .where('order_type', '=', OrderType.Recharge)
      .executeTakeFirstOrThrow();
    const token = (await loginAs(ctx, DEMO_CREATOR_PHONE)).json.body.access_token;
    const home = (await call(ctx.app, { method: 'GET', url: '/agent/v1/task/overview', token })).json.body;
    expect(home).toMatchObject({ order_count: Number(recharges.n), share_amount: fenToYuan(settled + pending) });
    expect(home.task_count).toBeGreaterThan(1);

    expect(await seedDemoIncome(ctx, ctx.clock.now())).toBe(0);
  });
});
