/** The creators' kept active-task figures beside the same figures counted from their active receipts. */
import type { Db } from '../src/db/database.js';

const numbers = (rows: object[]) =>
  rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)])));

export async function keptAndCountedTaskFigures(db: Db) {
  const counted = await db
    .selectFrom('task_receipts as r')
    .innerJoin('tasks as t', 't.id', 'r.task_id')
    .select((eb) => [
      'r.agent_id',
      't.task_type',
      eb.fn.countAll<number>().as('active_tasks'),
      eb.fn.sum<number>('r.click_count').as('click_count'),
      eb.fn.sum<number>('r.order_count').as('order_count'),
      eb.fn.sum<number>('r.share_fen').as('share_fen'),
    ])
    .where('r.actived_at', 'is not', null)
    .groupBy(['r.agent_id', 't.task_type'])
    .orderBy('r.agent_id')
    .orderBy('t.task_type')
    .execute();
  const kept = await db
    .selectFrom('agent_task_figures')
    .select(['agent_id', 'task_type', 'active_tasks', 'click_count', 'order_count', 'share_fen'])
    .orderBy('agent_id')
    .orderBy('task_type')
    .execute();
  return { kept: numbers(kept), counted: numbers(counted) };
}
