/**
 * The product in its own process for the growth benchmark: `tsx serve-growth.ts small|large`. `large` first fills
 * the database the way a busy year would (see `growData`); both print `{ base, token }` as one JSON line once
 * listening and close on SIGTERM.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../apps/server/src/db/database.js';
import { rebuildShareRollup } from '../apps/server/src/modules/settlement/share-rollup.js';
import { agentRow } from '../apps/server/test/settlement-fixtures.js';
import { receivePromotionCode, startProduct } from './support.js';

export const GROWTH = {
  visits: 1_000_000,
  receipts: 100_000,
  ledgerRows: 100_000,
  shareOrders: 100_000,
  teamMembers: 2_000,
  /** Receipts of the measured creator (one per task they took); the rest belong to the other creators. */
  ownReceipts: 5_000,
};

const DAY = 24 * 60 * 60 * 1000;

async function insertAll<T extends Record<string, unknown>>(
  database: DatabaseHandle,
  table: string,
  count: number,
  row: (i: number) => T,
): Promise<void> {
  const chunk = 500;
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += chunk) {
      const rows = Array.from({ length: Math.min(chunk, count - start) }, (_, k) => row(start + k));
      await trx
        .insertInto(table as any)
        .values(rows as any)
        .execute();
    }
  });
}

/**
 * 1 000 000 visits, 100 000 receipts, 100 000 ledger rows and 100 000 share orders, with the measured creator
 * holding the ledger rows, the share orders, half the visits and 5 000 receipts, and 2 000 team members.
 */
async function growData(database: DatabaseHandle, agentId: number): Promise<void> {
  const db = database.db;
  const now = Date.now();
  const template = await db.selectFrom('tasks').selectAll().orderBy('id').executeTakeFirstOrThrow();
  const { id: _id, ...task } = template;
  const serial = await db.selectFrom('serials').selectAll().where('id', '=', task.serial_id).executeTakeFirstOrThrow();
  const { id: _serialId, ...serialRow } = serial;
  const lastSerial = Number(
    (
      await db
        .selectFrom('serials')
        .select((eb) => eb.fn.max('id').as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  // Serials and their tasks the creators took over the year, closed since (the open catalogue stays the demo's).
  await insertAll(database, 'serials', GROWTH.ownReceipts, (i) => ({ ...serialRow, name: `往期短剧 ${i}` }));
  const serialIds = (
    await db.selectFrom('serials').select('id').where('id', '>', lastSerial).orderBy('id').execute()
  ).map((r) => r.id);
  const lastTask = Number(
    (
      await db
        .selectFrom('tasks')
        .select((eb) => eb.fn.max('id').as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await insertAll(database, 'tasks', GROWTH.ownReceipts, (i) => ({
    ...task,
    serial_id: serialIds[i]!,
    title: `往期任务 ${i}`,
    close_at: now - DAY,
    created_at: now - 300 * DAY,
  }));
  const taskIds = (await db.selectFrom('tasks').select('id').where('id', '>', lastTask).orderBy('id').execute()).map(
    (t) => t.id,
  );

  const members = GROWTH.teamMembers;
  await insertAll(database, 'agents', members, (i) =>
    agentRow({
      phone: `137${String(i).padStart(8, '0')}`,
      nickname: `成员${i}`,
      invite_code: `G${String(i).padStart(7, '0')}`,
      leader_id: agentId,
      team_at: now - (i % 300) * DAY,
      created_at: now - (i % 300) * DAY,
      updated_at: now,
    }),
  );
  // Registration keeps the leader's team size; these members were written directly.
  await db.updateTable('agents').set({ team_size: members }).where('id', '=', agentId).execute();
  const memberIds = (await db.selectFrom('agents').select('id').where('leader_id', '=', agentId).execute()).map(
    (a) => a.id,
  );

  // Receipts: the creator's own, then the others' (each member takes tasks too).
  await insertAll(database, 'task_receipts', GROWTH.receipts, (i) => {
    const own = i < GROWTH.ownReceipts;
    return {
      agent_id: own ? agentId : memberIds[(i - GROWTH.ownReceipts) % memberIds.length]!,
      task_id: own ? taskIds[i]! : taskIds[Math.floor((i - GROWTH.ownReceipts) / memberIds.length) % taskIds.length]!,
      code: `R${String(i).padStart(9, '0')}`,
      click_count: 10,
      created_at: now - (i % 300) * DAY,
      actived_at: now - (i % 300) * DAY,
    };
  });
  const receipts = await db
    .selectFrom('task_receipts')
    .select(['id', 'agent_id'])
    .where('code', 'like', 'R%')
    .orderBy('id')
    .execute();
  const ownReceipts = receipts.filter((r) => r.agent_id === agentId).map((r) => r.id);
  const allReceipts = receipts.map((r) => r.id);

  await insertAll(database, 'promotion_clicks', GROWTH.visits, (i) => ({
    receipt_id: i % 2 === 0 ? ownReceipts[i % ownReceipts.length]! : allReceipts[i % allReceipts.length]!,
    visitor_hash: `v${i % 50_000}`.padEnd(64, '0'),
    ip_hash: `i${i % 20_000}`.padEnd(64, '0'),
    referrer: '',
    counted: i % 3 === 0 ? 1 : 0,
    created_at: now - (i % 365) * DAY - i,
  }));

  await insertAll(database, 'credit_ledger', GROWTH.ledgerRows, (i) => ({
    agent_id: agentId,
    type: (i % 4) + 1,
    title: '历史积分记录',
    credit: i % 2 === 0 ? 10 : -10,
    idempotency_key: `growth-${i}`,
    created_at: now - (GROWTH.ledgerRows - i) * 60_000,
  }));

  await insertAll(database, 'share_orders', GROWTH.shareOrders, (i) => ({
    order_no: `GROWTH${i}`,
    agent_id: agentId,
    receipt_id: ownReceipts[i % ownReceipts.length]!,
    task_id: taskIds[i % taskIds.length]!,
    serial_id: serialIds[i % serialIds.length]!,
    app_id: task.app_id,
    share_type: i % 10 === 0 ? 2 : 1,
    order_type: (i % 2) + 1,
    order_amount_fen: 1000,
    ad_amount_fen: 100,
    share_amount_fen: 300,
    sett_status: i % 3 === 0 ? 2 : 1,
    order_at: now - (i % 365) * DAY - i,
    created_at: now - (i % 365) * DAY - i,
    attract_agent_id: i % 10 === 0 ? memberIds[i % memberIds.length]! : agentId,
  }));
  // What the product keeps as it writes (counts and per-day figures), built once from the rows written directly here.
  await sql`delete from credit_ledger_counts where agent_id = ${agentId}`.execute(db);
  await sql`insert into credit_ledger_counts (agent_id, type, row_count)
    select agent_id, type, count(*) from credit_ledger where agent_id = ${agentId} group by agent_id, type`.execute(db);
  await rebuildShareRollup(db);
  await sql`delete from agent_task_figures`.execute(db);
  await sql`insert into agent_task_figures (agent_id, task_type, active_tasks, click_count, order_count, share_fen)
    select r.agent_id, t.task_type, count(*), sum(r.click_count), sum(r.order_count), sum(r.share_fen)
    from task_receipts r join tasks t on t.id = r.task_id where r.actived_at is not null
    group by r.agent_id, t.task_type`.execute(db);
  // Fresh statistics, as a database that grew over a year would have.
  await sql`analyze`.execute(db);
}

const size = process.argv[2] === 'large' ? 'large' : 'small';
const product = await startProduct();
await receivePromotionCode(product);
if (size === 'large') {
  const info = await product.app.inject({
    method: 'GET',
    url: '/agent/v1/user/info',
    headers: { vendor: 'default', authorization: `Bearer ${product.token}` },
  });
  await growData(product.database, info.json().body.agent_id as number);
}
process.stdout.write(`${JSON.stringify({ base: product.base, token: product.token })}\n`);
process.once('SIGTERM', () => {
  void product.close().then(() => process.exit(0));
});
