/**
 * Income figures kept per creator, Beijing day, task type, app, share type and settlement status, written with the
 * shares and moved by settlement runs, so the income page's sums read a few hundred rows a year instead of every share
 * order of the creator. `task_type` is 0 and `app_id` 0 where the share has no serial or no app. Measures follow the
 * read side's rules: refunds count negative whatever sign their amounts were written with; bonuses are no orders.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('share_daily_figures')
    .addColumn('agent_id', 'bigint', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('task_type', 'integer', (c) => c.notNull())
    .addColumn('app_id', 'bigint', (c) => c.notNull())
    .addColumn('share_type', 'integer', (c) => c.notNull())
    .addColumn('sett_status', 'integer', (c) => c.notNull())
    .addColumn('share_rows', 'bigint', (c) => c.notNull())
    .addColumn('order_count', 'bigint', (c) => c.notNull())
    .addColumn('refund_count', 'bigint', (c) => c.notNull())
    .addColumn('order_fen', 'bigint', (c) => c.notNull())
    .addColumn('share_fen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('share_daily_figures_pk', [
      'agent_id',
      'day',
      'task_type',
      'app_id',
      'share_type',
      'sett_status',
    ])
    .execute();
  // Day = (order_at + 8 h) / 1 day in integer division; order type 2 is a refund, share type 4 a bonus.
  await sql`
    insert into share_daily_figures
      (agent_id, day, task_type, app_id, share_type, sett_status, share_rows, order_count, refund_count, order_fen, share_fen)
    select s.agent_id, (s.order_at + 28800000) / 86400000, coalesce(sr.task_type, 0), coalesce(s.app_id, 0),
      s.share_type, s.sett_status, count(*),
      sum(case when s.order_type = 1 and s.share_type <> 4 then 1 else 0 end),
      sum(case when s.order_type = 2 then 1 else 0 end),
      sum(case when s.order_type = 2
        then -abs(case when s.ad_amount_fen <> 0 then s.ad_amount_fen else s.order_amount_fen end)
        else case when s.ad_amount_fen <> 0 then s.ad_amount_fen else s.order_amount_fen end end),
      sum(case when s.order_type = 2 then -abs(s.share_amount_fen) else s.share_amount_fen end)
    from share_orders s left join serials sr on sr.id = s.serial_id
    group by s.agent_id, (s.order_at + 28800000) / 86400000, coalesce(sr.task_type, 0), coalesce(s.app_id, 0),
      s.share_type, s.sett_status`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('share_daily_figures').execute();
}
