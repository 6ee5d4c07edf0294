/** SQL for the Alipay trades that pay orders (`payment_trades`). */
import { TradeState } from '@cc/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

type Trx = Transaction<Database>;

export class AlipayTradeRepository {
  constructor(private readonly db: Db) {}

  /** Inserts a waiting trade numbered after the order's others; call under the order's lock. */
  async insertTrade(
    trx: Trx,
    order: { id: number; order_no: string },
    row: { amount_fen: number; created_at: number; expires_at: number },
  ): Promise<TradeRow> {
    const { n } = await trx
      .selectFrom('payment_trades')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const outTradeNo = `${order.order_no}${String(Number(n) + 1).padStart(2, '0')}`;
    return trx
      .insertInto('payment_trades')
      .values({ ...row, order_id: order.id, out_trade_no: outTradeNo, qr_code: '', status: TradeState.Waiting })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async setQrCode(id: number, qrCode: string): Promise<void> {
    await this.db.updateTable('payment_trades').set({ qr_code: qrCode }).where('id', '=', id).execute();
  }

  tradesIn(orderId: number, status: TradeState, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('payment_trades')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('status', '=', status)
      .orderBy('id', 'desc')
      .execute();
  }

  waitingTrades(orderId: number, executor: Kysely<Database> = this.db) {
    return this.tradesIn(orderId, TradeState.Waiting, executor);
  }

  /** Trades we ended whose cancel at Alipay is still to be confirmed, oldest first. */
  cancellingTrades(limit: number) {
    return this.db
      .selectFrom('payment_trades')
      .selectAll()
      .where('status', '=', TradeState.Cancelling)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  tradeByOutTradeNo(outTradeNo: string, executor: Kysely<Database> = this.db) {
    return executor.selectFrom('payment_trades').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
  }

  /** The order's payable trade is ended: it becomes `cancelling` until Alipay confirms the cancel. */
  async endWaitingTrades(trx: Trx, orderId: number): Promise<void> {
    await trx
      .updateTable('payment_trades')
      .set({ status: TradeState.Cancelling })
      .where('order_id', '=', orderId)
      .where('status', '=', TradeState.Waiting)
      .execute();
  }

  /** Moves a trade from one of `from` to `to`; false when it was in another state. */
  async moveTrade(
    id: number,
    from: readonly TradeState[],
    to: TradeState,
    changes: { trade_no?: string; paid_at?: number } = {},
    executor: Kysely<Database> = this.db,
  ): Promise<boolean> {
    const result = await executor
      .updateTable('payment_trades')
      .set({ status: to, ...changes })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

export type TradeRow = NonNullable<Awaited<ReturnType<AlipayTradeRepository['tradeByOutTradeNo']>>>;
