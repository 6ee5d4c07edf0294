/** SQL for over-payments and their refunds. */
import { RefundStatus } from '@cc/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Trx = Transaction<Database>;

export interface NewRefund {
  order_id: number;
  trade_id: number;
  out_trade_no: string;
  trade_no: string;
  amount_fen: number;
  reason: string;
}

export class RefundRepository {
  constructor(private readonly db: Db) {}

  /** Records the over-payment of a trade once: a trade is refunded at most once, whoever notices it first. */
  async insertOnce(trx: Trx, row: NewRefund, now: number, refunded?: { method: string }): Promise<number | null> {
    const inserted = await trx
      .insertInto('payment_refunds')
      .values({
        ...row,
        out_request_no: `R${row.out_trade_no}`,
        status: refunded ? RefundStatus.Refunded : RefundStatus.Pending,
        method: refunded?.method ?? '',
        created_at: now,
        refunded_at: refunded ? now : null,
      })
      .onConflict((oc) => oc.column('trade_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted ? Number(inserted.id) : null;
  }

  byId(id: number, executor: Kysely<Database> = this.db) {
    return executor.selectFrom('payment_refunds').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byTrade(trx: Trx, tradeId: number) {
    return trx.selectFrom('payment_refunds').selectAll().where('trade_id', '=', tradeId).executeTakeFirst();
  }

  /** Pending refunds, oldest first. */
  pending(limit: number) {
    return this.db
      .selectFrom('payment_refunds')
      .select('id')
      .where('status', '=', RefundStatus.Pending)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  /** Counts an attempt on a pending refund; false when it is no longer pending (someone else finished it). */
  async startAttempt(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('payment_refunds')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', RefundStatus.Pending)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Marks a refund done (once): only a pending or failed refund changes. */
  async markRefunded(id: number, method: string, now: number, executor: Kysely<Database> = this.db): Promise<void> {
    await executor
      .updateTable('payment_refunds')
      .set({ status: RefundStatus.Refunded, method, refunded_at: now, last_error: '' })
      .where('id', '=', id)
      .where('status', 'in', [RefundStatus.Pending, RefundStatus.Failed])
      .execute();
  }

  async recordError(id: number, error: string, status: RefundStatus): Promise<void> {
    await this.db
      .updateTable('payment_refunds')
      .set({ last_error: error.slice(0, 500), status })
      .where('id', '=', id)
      .where('status', '=', RefundStatus.Pending)
      .execute();
  }

  /** A failed refund goes back to pending, with a fresh count of attempts. */
  async reopen(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable('payment_refunds')
      .set({ status: RefundStatus.Pending, attempts: 0 })
      .where('id', '=', id)
      .where('status', '=', RefundStatus.Failed)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async list(status: RefundStatus | undefined, limit: number, offset: number) {
    const base = this.db
      .selectFrom('payment_refunds')
      .$if(status !== undefined, (qb) => qb.where('payment_refunds.status', '=', status!));
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .innerJoin('orders', 'orders.id', 'payment_refunds.order_id')
      .selectAll('payment_refunds')
      .select('orders.order_no')
      .orderBy('payment_refunds.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return { rows, total: Number(total.n) };
  }
}

export type RefundRow = NonNullable<Awaited<ReturnType<RefundRepository['byId']>>>;
