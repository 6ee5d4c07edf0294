/**
 * A creator's figures over their active tasks, per task type (`agent_task_figures`): what activating a task, a
 * counted visit and an order add. Each change runs in the transaction that changes the receipt, after the receipt's
 * row was updated (which orders concurrent changes of one receipt), so the figures always equal the sums over the
 * creator's active receipts.
 */
import type { Transaction } from 'kysely';
import type { AgentTaskFiguresTable, Database } from '../../db/schema.js';

type Trx = Transaction<Database>;
export type TaskFiguresDelta = Partial<
  Pick<AgentTaskFiguresTable, 'active_tasks' | 'click_count' | 'order_count' | 'share_fen'>
>;

export async function addTaskFigures(
  trx: Trx,
  receipt: { agent_id: number; task_id: number },
  delta: TaskFiguresDelta,
): Promise<void> {
  const task = await trx
    .selectFrom('tasks')
    .select('task_type')
    .where('id', '=', receipt.task_id)
    .executeTakeFirstOrThrow();
  const row = {
    agent_id: receipt.agent_id,
    task_type: task.task_type,
    active_tasks: delta.active_tasks ?? 0,
    click_count: delta.click_count ?? 0,
    order_count: delta.order_count ?? 0,
    share_fen: delta.share_fen ?? 0,
  };
  await trx
    .insertInto('agent_task_figures')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['agent_id', 'task_type']).doUpdateSet((eb) => ({
        active_tasks: eb('agent_task_figures.active_tasks', '+', row.active_tasks),
        click_count: eb('agent_task_figures.click_count', '+', row.click_count),
        order_count: eb('agent_task_figures.order_count', '+', row.order_count),
        share_fen: eb('agent_task_figures.share_fen', '+', row.share_fen),
      })),
    )
    .execute();
}
