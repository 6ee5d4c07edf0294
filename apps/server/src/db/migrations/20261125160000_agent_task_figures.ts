/**
 * A creator's promotion figures per task type, over their active tasks (the "my tasks" overview and page count):
 * kept as tasks are activated, visits counted and orders written, instead of summed over every receipt per view.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('agent_task_figures')
    .addColumn('agent_id', 'bigint', (c) => c.notNull())
    .addColumn('task_type', 'integer', (c) => c.notNull())
    .addColumn('active_tasks', 'bigint', (c) => c.notNull())
    .addColumn('click_count', 'bigint', (c) => c.notNull())
    .addColumn('order_count', 'bigint', (c) => c.notNull())
    .addColumn('share_fen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_task_figures_pk', ['agent_id', 'task_type'])
    .execute();
  await sql`insert into agent_task_figures (agent_id, task_type, active_tasks, click_count, order_count, share_fen)
    select r.agent_id, t.task_type, count(*), sum(r.click_count), sum(r.order_count), sum(r.share_fen)
    from task_receipts r join tasks t on t.id = r.task_id
    where r.actived_at is not null
    group by r.agent_id, t.task_type`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('agent_task_figures').execute();
}
