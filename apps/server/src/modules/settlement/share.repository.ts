/** SQL for income: reported orders (`open_orders`), their share rows (`share_orders`) and settlement runs. */
import { SettStatus, ShareType } from '@cc/contracts';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type {
  Attribution,
  Database,
  OpenOrderDecisionTable,
  OpenOrderTable,
  ShareOrderTable,
} from '../../db/schema.js';
import { addSharesToRollup, settleRunInRollup } from './share-rollup.js';

type Trx = Transaction<Database>;
export type NewShare = Insertable<ShareOrderTable>;

export type NewOpenOrder = Omit<Insertable<OpenOrderTable>, 'id'>;

/** Orders waiting for an operator: recharges and ad revenue not attributed, with a reason. */
const WAITING: Attribution[] = ['unattributed', 'held'];

export class ShareRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the order unless (app, order_id) exists; its id, or null for a duplicate. */
  async insertOpenOrder(trx: Trx, row: NewOpenOrder): Promise<number | null> {
    const inserted = await trx
      .insertInto('open_orders')
      .values(row)
      .onConflict((oc) => oc.columns(['app_id', 'order_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id ?? null;
  }

  openOrder(trx: Trx, appId: number, orderId: string) {
    return trx
      .selectFrom('open_orders')
      .selectAll()
      .where('app_id', '=', appId)
      .where('order_id', '=', orderId)
      .executeTakeFirst();
  }

  openOrderById(db: Db | Trx, id: number) {
    return db.selectFrom('open_orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** What refunds of an order already took back from its shares (the refunds linked to it), in fen. */
  async refundedFen(trx: Trx, appId: number, orderId: string): Promise<number> {
    const row = await trx
      .selectFrom('open_orders')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), sql<number>`0`).as('fen'))
      .where('app_id', '=', appId)
      .where('refund_of', '=', orderId)
      .where('attribution', '=', 'attributed')
      .executeTakeFirstOrThrow();
    return Number(row.fen);
  }

  /** Refunds of an order stored before it had shares (it came later, or waited for an operator), oldest first. */
  unlinkedRefunds(trx: Trx, appId: number, orderId: string) {
    return trx
      .selectFrom('open_orders')
      .select(['id', 'order_id', 'amount_fen', 'order_at'])
      .where('app_id', '=', appId)
      .where('refund_of', '=', orderId)
      .where('attribution', '=', 'unattributed')
      .orderBy('id')
      .execute();
  }

  /** Gives a waiting order (or a refund) its creator: it is attributed from now on; false if it was not `from`. */
  async attribute(
    trx: Trx,
    id: number,
    from: Attribution,
    to: { receipt_id: number | null; agent_id: number | null },
  ): Promise<boolean> {
    const result = await trx
      .updateTable('open_orders')
      .set({ attribution: 'attributed', ...to })
      .where('id', '=', id)
      .where('attribution', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async reject(trx: Trx, id: number, from: Attribution): Promise<boolean> {
    const result = await trx
      .updateTable('open_orders')
      .set({ attribution: 'rejected' })
      .where('id', '=', id)
      .where('attribution', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records an operator's decision; false when the order was decided already (one decision per order). */
  async insertDecision(trx: Trx, row: Omit<Insertable<OpenOrderDecisionTable>, 'id'>): Promise<boolean> {
    const result = await trx
      .insertInto('open_order_decisions')
      .values(row)
      .onConflict((oc) => oc.column('open_order_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  decisionOf(openOrderId: number) {
    return this.db
      .selectFrom('open_order_decisions')
      .selectAll()
      .where('open_order_id', '=', openOrderId)
      .executeTakeFirst();
  }

  private waiting(appId: number | undefined) {
    return this.db
      .selectFrom('open_orders as o')
      .where('o.attribution', 'in', WAITING)
      .where('o.held_reason', 'is not', null)
      .$if(appId !== undefined, (qb) => qb.where('o.app_id', '=', appId!));
  }

  async countWaiting(appId: number | undefined): Promise<number> {
    const row = await this.waiting(appId)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A page of the orders waiting for an operator, oldest first, each with what its stored refunds add up to. */
  waitingPage(appId: number | undefined, page: { limit: number; offset: number }) {
    return this.waiting(appId)
      .selectAll('o')
      .select((eb) =>
        eb
          .selectFrom('open_orders as r')
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('r.amount_fen'), sql<number>`0`).as('x'))
          .whereRef('r.app_id', '=', 'o.app_id')
          .whereRef('r.refund_of', '=', 'o.order_id')
          .as('refunded_fen'),
      )
      .orderBy('o.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /** The agent's rates and team, for an order's shares. */
  agentRates(trx: Trx, agentId: number) {
    return trx
      .selectFrom('agents')
      .select(['id', 'share_rate_bp', 'leader_id', 'team_share_rate_bp'])
      .where('id', '=', agentId)
      .executeTakeFirst();
  }

  async agentExists(agentId: number): Promise<boolean> {
    return !!(await this.db.selectFrom('agents').select('id').where('id', '=', agentId).executeTakeFirst());
  }

  /** Writes an order's shares and, in the same transaction, adds them to the income figures (`share-rollup.ts`). */
  async insertShares(trx: Trx, rows: NewShare[]): Promise<void> {
    if (rows.length === 0) return;
    await trx.insertInto('share_orders').values(rows).execute();
    await addSharesToRollup(trx, rows);
  }

  /** Inserts a bonus (share type 4: on no receipt's figures) unless its order_no was granted before. */
  async insertBonusOnce(row: NewShare): Promise<void> {
    if (row.share_type !== ShareType.Bonus) throw new Error('insertBonusOnce writes bonuses only');
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .insertInto('share_orders')
        .values(row)
        .onConflict((oc) => oc.column('order_no').doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) await addSharesToRollup(trx, [row]);
    });
  }

  bonusByOrderNo(orderNo: string) {
    return this.db
      .selectFrom('share_orders')
      .select(['id', 'agent_id', 'share_amount_fen', 'reason', 'expected_sett_date'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
  }

  /** The share rows an order created (not the rows that reverse them), each with what refunds took back so far. */
  sharesToReverse(trx: Trx, openOrderId: number) {
    return trx
      .selectFrom('share_orders as s')
      .select((eb) => [
        's.id',
        's.agent_id',
        's.attract_agent_id',
        's.receipt_id',
        's.task_id',
        's.serial_id',
        's.app_id',
        's.share_type',
        's.platform',
        's.rate_bp',
        's.share_amount_fen',
        's.sett_status',
        's.expected_sett_at',
        eb
          .selectFrom('share_orders as r')
          .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('r.share_amount_fen'), sql<number>`0`).as('x'))
          .whereRef('r.reverses_id', '=', 's.id')
          .as('reversed_fen'),
      ])
      .where('s.open_order_id', '=', openOrderId)
      .where('s.reverses_id', 'is', null)
      .orderBy('s.id')
      .execute();
  }

  /** Marks every due share of `runId` settled in one statement; how many it took. */
  async claimDue(trx: Trx, runId: string, now: number): Promise<number> {
    const result = await trx
      .updateTable('share_orders')
      .set({ sett_status: SettStatus.Settled, sett_run_id: runId, settled_at: now })
      .where('sett_status', '=', SettStatus.ToBeSettled)
      .where('expected_sett_at', '<=', now)
      .executeTakeFirst();
    const claimed = Number(result.numUpdatedRows);
    if (claimed > 0) await settleRunInRollup(trx, runId);
    return claimed;
  }

  /** What a run settled, per agent (net of refunds), in agent order. */
  async runTotals(trx: Trx, runId: string): Promise<{ agentId: number; amountFen: number }[]> {
    const rows = await trx
      .selectFrom('share_orders')
      .select((eb) => ['agent_id', eb.fn.sum<number>('share_amount_fen').as('fen')])
      .where('sett_run_id', '=', runId)
      .groupBy('agent_id')
      .orderBy('agent_id')
      .execute();
    return rows.map((r) => ({ agentId: r.agent_id, amountFen: Number(r.fen) }));
  }

  async insertRun(trx: Trx, row: { id: string; settled_count: number; amount_fen: number; created_at: number }) {
    await trx.insertInto('settlement_runs').values(row).execute();
  }
}
