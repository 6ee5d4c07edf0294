/**
 * A creator's figures over their active tasks, per task type (`agent_task_figures`): what activating a task, a
 * counted visit and an order add. Each change runs in the transaction that changes the receipt, after the receipt's
 * row was updated (which orders concurrent changes of one receipt), so the figures always equal the sums over the
 * creator's active receipts.
 */
import { OrderType, ShareType } from '@cc/contracts';
import type { Insertable, Transaction } from 'kysely';
import type { AgentTaskFiguresTable, Database, ShareOrderTable } from '../../db/schema.js';

type Trx = Transaction<Database>;
export type TaskFiguresDelta = Partial<
  Pick<AgentTaskFiguresTable, 'active_tasks' | 'click_count' | 'order_count' | 'share_fen'>
>;

/** What an order's own shares (share type 1) add to their receipt: refunds negative and no order. */
interface ReceiptOrderFigures {
  orders: number;
  orderFen: number;
  adFen: number;
  shareFen: number;
}

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

/**
 * Activates the receipt unless it is active already; the first activation adds it to the creator's figures with
 * everything it gathered so far (visits, orders). The update is conditional, so of a copy button and an order racing
 * to activate one receipt exactly one adds it.
 */
export async function activateReceipt(trx: Trx, receiptId: number, now: number, agentId?: number): Promise<void> {
  const activated = await trx
    .updateTable('task_receipts')
    .set({ actived_at: now })
    .where('id', '=', receiptId)
    .$if(agentId !== undefined, (qb) => qb.where('agent_id', '=', agentId!))
    .where('actived_at', 'is', null)
    .returning(['agent_id', 'task_id', 'click_count', 'order_count', 'share_fen'])
    .executeTakeFirst();
  if (activated) {
    await addTaskFigures(trx, activated, {
      active_tasks: 1,
      click_count: Number(activated.click_count),
      order_count: Number(activated.order_count),
      share_fen: Number(activated.share_fen),
    });
  }
}

/**
 * Adds an order's own shares to the figures kept on their receipt and, when the receipt is active, to the creator's.
 * A receipt that earns is a task the creator promotes, whether or not they ever pressed a copy button (the code can
 * reach buyers by any way), so its first earning order (not a refund) activates it at the order's arrival and puts
 * it into "my tasks" with everything it gathered (ADR 0022).
 */
async function addOrderToReceipt(trx: Trx, receiptId: number, sum: ReceiptOrderFigures, now: number): Promise<void> {
  const receipt = await trx
    .updateTable('task_receipts')
    .set((eb) => ({
      order_count: eb('order_count', '+', sum.orders),
      order_fen: eb('order_fen', '+', sum.orderFen),
      ad_fen: eb('ad_fen', '+', sum.adFen),
      share_fen: eb('share_fen', '+', sum.shareFen),
    }))
    .where('id', '=', receiptId)
    .returning(['agent_id', 'task_id', 'actived_at'])
    .executeTakeFirst();
  if (!receipt) return;
  if (receipt.actived_at !== null) {
    await addTaskFigures(trx, receipt, { order_count: sum.orders, share_fen: sum.shareFen });
  } else if (sum.orders > 0) {
    await activateReceipt(trx, receiptId, now);
  }
}

export type ShareRow = Pick<
  Insertable<ShareOrderTable>,
  'receipt_id' | 'share_type' | 'order_type' | 'order_amount_fen' | 'ad_amount_fen' | 'share_amount_fen' | 'created_at'
>;

/**
 * Adds the creator's own shares (type 1) among `rows` to their receipts, in the transaction that wrote them. A
 * refund's rows carry negative amounts (they reverse a share); they subtract whatever their sign, as the income
 * figures do (`share-rollup.ts`).
 */
export async function addSharesToReceipts(trx: Trx, rows: ShareRow[]): Promise<void> {
  const figures = new Map<number, ReceiptOrderFigures>();
  for (const row of rows) {
    if (row.share_type !== ShareType.Mine || row.receipt_id === null || row.receipt_id === undefined) continue;
    const refund = row.order_type === OrderType.Refund;
    const signed = (fen: number) => (refund ? -Math.abs(fen) : fen);
    const sum = figures.get(row.receipt_id) ?? { orders: 0, orderFen: 0, adFen: 0, shareFen: 0 };
    if (!refund) sum.orders += 1;
    sum.orderFen += signed(row.order_amount_fen);
    sum.adFen += signed(row.ad_amount_fen);
    sum.shareFen += signed(row.share_amount_fen);
    figures.set(row.receipt_id, sum);
  }
  const now = Math.max(...rows.map((row) => row.created_at));
  for (const [receiptId, sum] of figures) await addOrderToReceipt(trx, receiptId, sum, now);
}
