/** The figures migrations fill what existing share orders add up to: per receipt, and per creator and day. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRow } from '../../../test/settlement-fixtures.js';
import { createTestDatabase, testDatabaseKind } from '../../../test/test-app.js';
import { seedDemoData } from '../../modules/content/demo-seed.js';
import { rebuildShareRollup } from '../../modules/settlement/share-rollup.js';
import { migrateToLatest, migratorOf } from '../migrate.js';

describe(`receipt figures migration (${testDatabaseKind})`, () => {
  let test: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.close());

  it('sums each receipt’s own share orders (refunds subtracted, bonuses and team shares left out)', async () => {
    const db = test.database.db;
    const migrator = migratorOf(db, test.target.schema);
    const down = await migrator.migrateTo('20261125120000_click_counted_indexes');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('20261125130000_receipt_figures');

    await seedDemoData(db, '/nonexistent-media', { now: Date.UTC(2026, 10, 1) });
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
    const share = (no: string, shareType: number, orderType: number, orderFen: number, shareFen: number) => ({
      order_no: no,
      agent_id: agent.id,
      receipt_id: receipt.id,
      task_id: task.id,
      serial_id: task.serial_id,
      app_id: task.app_id,
      share_type: shareType as 1,
      order_type: orderType as 1,
      order_amount_fen: orderFen,
      ad_amount_fen: orderFen / 10,
      share_amount_fen: shareFen,
      order_at: 0,
      created_at: 0,
    });
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
});
