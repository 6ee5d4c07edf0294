/**
 * Figures a creator trusts. A receipt's kept order figures added refunds instead of subtracting them
 * (refund share rows carry negative amounts): they are summed again from the creator's own share orders, refunds
 * subtracted whatever their sign. A promotion that earned is in "my tasks": receipts with an earning order that no
 * copy button activated are activated at that order's arrival. The creators' active-task figures are then rebuilt
 * from their active receipts.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

// Share type 1 is the creator's own share; order type 2 a refund.
const OWN = sql`s.receipt_id = task_receipts.id and s.share_type = 1`;
const EARNING = sql`${OWN} and s.order_type <> 2`;

export async function up(db: AnyDb): Promise<void> {
  const signed = (column: string) =>
    sql`coalesce((select sum(case when s.order_type = 2 then -abs(s.${sql.ref(column)}) else s.${sql.ref(column)} end)
      from share_orders s where ${OWN}), 0)`;
  await db
    .updateTable('task_receipts')
    .set({
      order_count: sql`(select count(*) from share_orders s where ${EARNING})`,
      order_fen: signed('order_amount_fen'),
      ad_fen: signed('ad_amount_fen'),
      share_fen: signed('share_amount_fen'),
    })
    .where(sql<boolean>`exists (select 1 from share_orders s where ${OWN})`)
    .execute();
  await db
    .updateTable('task_receipts')
    .set({ actived_at: sql`(select min(s.created_at) from share_orders s where ${EARNING})` })
    .where('actived_at', 'is', null)
    .where(sql<boolean>`exists (select 1 from share_orders s where ${EARNING})`)
    .execute();
  await db.deleteFrom('agent_task_figures').execute();
  await sql`insert into agent_task_figures (agent_id, task_type, active_tasks, click_count, order_count, share_fen)
    select r.agent_id, t.task_type, count(*), sum(r.click_count), sum(r.order_count), sum(r.share_fen)
    from task_receipts r join tasks t on t.id = r.task_id
    where r.actived_at is not null
    group by r.agent_id, t.task_type`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: which receipts a button activated rather than an order is not recorded, and the figures are
  // right either way.
}
