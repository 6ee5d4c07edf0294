/**
 * The figures migrations fill what existing share orders add up to: per receipt, and per creator and day; the
 * earned-receipts migration activates receipts that earned and sums their figures again with refunds subtracted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRow } from '../../../test/settlement-fixtures.js';
import { createTestDatabase, servicesOn, testDatabaseKind } from '../../../test/test-app.js';
import { ManualClock } from '../../clock.js';
import { seedDemoData } from '../../demo/demo-seed.js';
import { rebuildShareRollup } from '../../modules/settlement/share-rollup.js';
import { migrateToLatest, migratorOf } from '../migrate.js';
import { up as earnedReceipts } from './20261126140000_earned_receipts.js';
import { migrations } from './index.js';

/** A share order row as a fixture writes it straight into the table. */
function shareRow(
  agentId: number,
  task: { id: number; serial_id: number; app_id: number },
  receiptId: number,
  row: { no: string; shareType: number; orderType: number; orderFen: number; shareFen: number; at?: number },
) {
  return {
    order_no: row.no,
    agent_id: agentId,
    receipt_id: receiptId,
    task_id: task.id,
    serial_id: task.serial_id,
    app_id: task.app_id,
    share_type: row.shareType as 1,
    order_type: row.orderType as 1,
    order_amount_fen: row.orderFen,
    ad_amount_fen: row.orderFen / 10,
    share_amount_fen: row.shareFen,
    order_at: row.at ?? 0,
    created_at: row.at ?? 0,
  };
}

describe(`receipt figures migration (${testDatabaseKind})`, () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.close());
  const seedDemoCatalogue = async () => {
    const now = Date.UTC(2026, 10, 1);
    const app = await servicesOn(test.database, new ManualClock(now));
    try {
      await seedDemoData(app.services, '/nonexistent-media', { now });
    } finally {
      await app.close();
    }
  };

  it('sums each receipt’s own share orders (refunds subtracted, bonuses and team shares left out)', async () => {
    const db = test.database.db;
    const migrator = migratorOf(db, test.target.schema);
    const down = await migrator.migrateTo('20261125120000_click_counted_indexes');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('20261125130000_receipt_figures');

    await seedDemoCatalogue();
    const task = await db.selectFrom('tasks').select(['id', 'serial_id', 'app_id']).executeTakeFirstOrThrow();
    const agent = await db
      .insertInto('agents')
      .values(agentRow({ phone: '13900009999', nickname: '迁移', invite_code: 'MIGRATE1', created_at: 0 }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const receipt = await db
      .insertInto('task_receipts')
      .values({ agent_id: agent.id, task_id: task.id, code: 'MIGRATE2', created_at: 0, actived_at: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const share = (no: string, shareType: number, orderType: number, orderFen: number, shareFen: number) =>
      shareRow(agent.id, task, receipt.id, { no, shareType, orderType, orderFen, shareFen });
    await db
      .insertInto('share_orders')
      .values([
        share('m1', 1, 1, 3000, 2100),
        share('m2', 1, 1, 2000, 1400),
        share('m3', 1, 2, 2000, 1400),
        share('m4', 3, 1, 5000, 500),
      ])
      .execute();

    await migrateToLatest(db, test.target.schema);
    const figures = await db
      .selectFrom('task_receipts')
      .select(['order_count', 'order_fen', 'ad_fen', 'share_fen'])
      .where('id', '=', receipt.id)
      .executeTakeFirstOrThrow();
    expect(figures).toEqual({ order_count: 2, order_fen: 3000, ad_fen: 300, share_fen: 2100 });
    const untouched = await db
      .selectFrom('task_receipts')
      .select('order_count')
      .where('id', '!=', receipt.id)
      .execute();
    expect(untouched.every((row) => Number(row.order_count) === 0)).toBe(true);

    // The per-day income figures were filled from the same rows, as the app keeps them.
    const kept = async () =>
      (
        await db
          .selectFrom('share_daily_figures')
          .selectAll()
          .orderBy(['agent_id', 'day', 'task_type', 'app_id', 'share_type', 'sett_status'])
          .execute()
      ).map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])));
    const migrated = await kept();
    expect(migrated.map((row) => [row.share_type, row.share_rows, row.order_count, row.refund_count])).toEqual([
      [1, 3, 2, 1],
      [3, 1, 1, 0],
    ]);
    expect(migrated[0]!.share_fen).toBe(2100);
    await rebuildShareRollup(db);
    expect(await kept()).toEqual(migrated);

    // The creator's active-task figures too.
    const tasks = await db
      .selectFrom('agent_task_figures')
      .select(['active_tasks', 'click_count', 'order_count', 'share_fen'])
      .where('agent_id', '=', agent.id)
      .execute();
    expect(tasks.map((row) => Object.values(row).map(Number))).toEqual([[1, 0, 2, 2100]]);
  });

  it('activates receipts that earned at their first order and rebuilds the figures from the rows', async () => {
    expect(migrations['20261126140000_earned_receipts']?.up).toBe(earnedReceipts);
    const db = test.database.db;
    await seedDemoCatalogue();
    const tasks = await db
      .selectFrom('tasks')
      .select(['id', 'serial_id', 'app_id', 'task_type'])
      .where('task_type', '=', 1)
      .orderBy('id')
      .limit(3)
      .execute();
    const task = tasks[0]!;
    const agent = await db
      .insertInto('agents')
      .values(agentRow({ phone: '13900008888', nickname: '迁移', invite_code: 'EARNED01', created_at: 0 }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const receipt = (n: number, activedAt: number | null, figures: object = {}) =>
      db
        .insertInto('task_receipts')
        .values({
          agent_id: agent.id,
          task_id: tasks[n]!.id,
          code: `EARNED0${n}`,
          created_at: 0,
          actived_at: activedAt,
          ...figures,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    // Never activated, earned; activated, its figures kept with the refund added (as before); received only.
    const earned = await receipt(0, null);
    const active = await receipt(1, 5, { order_count: 1, order_fen: 5000, ad_fen: 0, share_fen: 2800 });
    const idle = await receipt(2, null);
    await db
      .insertInto('agent_task_figures')
      .values({
        agent_id: agent.id,
        task_type: task.task_type,
        active_tasks: 1,
        click_count: 0,
        order_count: 1,
        share_fen: 2800,
      })
      .execute();
    const share = (
      no: string,
      receiptId: number,
      shareType: number,
      orderType: number,
      orderFen: number,
      shareFen: number,
      at: number,
    ) => shareRow(agent.id, task, receiptId, { no, shareType, orderType, orderFen, shareFen, at });
    // As the intake writes them: a refund's rows carry negative amounts.
    await db
      .insertInto('share_orders')
      .values([
        share('e1', earned.id, 1, 1, 3000, 2100, 2000),
        share('e2', earned.id, 1, 1, 2000, 1400, 1000),
        share('e3', earned.id, 1, 2, -2000, -1400, 3000),
        share('e4', earned.id, 3, 1, 5000, 500, 500),
        share('a1', active.id, 1, 1, 4000, 2100, 10),
        share('a2', active.id, 1, 2, -1000, -700, 20),
      ])
      .execute();

    await earnedReceipts(db);
    const receipts = await db
      .selectFrom('task_receipts')
      .select(['id', 'actived_at', 'order_count', 'order_fen', 'share_fen'])
      .where('agent_id', '=', agent.id)
      .orderBy('id')
      .execute();
    expect(receipts.map((row) => Object.values(row).map((value) => (value === null ? null : Number(value))))).toEqual([
      [earned.id, 1000, 2, 3000, 2100],
      [active.id, 5, 1, 3000, 1400],
      [idle.id, null, 0, 0, 0],
    ]);
    const figures = await db
      .selectFrom('agent_task_figures')
      .select(['active_tasks', 'click_count', 'order_count', 'share_fen'])
      .where('agent_id', '=', agent.id)
      .execute();
    expect(figures.map((row) => Object.values(row).map(Number))).toEqual([[2, 0, 3, 3500]]);
  });
});
