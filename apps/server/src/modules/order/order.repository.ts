/** SQL for points orders and their Alipay trades. */
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, OrderTable } from '../../db/schema.js';
import type { Insertable, Updateable } from 'kysely';

type Trx = Transaction<Database>;
export const TradeState = { Waiting: 1, Paid: 2, Closed: 3 } as const;

export class OrderRepository {
  constructor(private readonly db: Db) {}

  async insert(order: Insertable<OrderTable>): Promise<number> {
    const row = await this.db.insertInto('orders').values(order).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  byNo(orderNo: string, executor: Kysely<Database> = this.db) {
    return executor.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
  }

  byId(id: number, executor: Kysely<Database> = this.db) {
    return executor.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async update(trx: Kysely<Database>, id: number, changes: Updateable<OrderTable>): Promise<void> {
    await trx.updateTable('orders').set(changes).where('id', '=', id).execute();
  }

  duePending(now: number, limit: number) {
    return this.db
      .selectFrom('orders')
      .select(['order_no', 'agent_id'])
      .where('status', '=', 1)
      .where('expires_at', '<=', now)
      .limit(limit)
      .execute();
  }

  async insertTrade(row: {
    order_id: number;
    out_trade_no: string;
    amount_fen: number;
    qr_code: string;
    created_at: number;
    expires_at: number;
  }): Promise<void> {
    await this.db
      .insertInto('payment_trades')
      .values({ ...row, status: TradeState.Waiting })
      .execute();
  }

  countTrades(orderId: number) {
    return this.db
      .selectFrom('payment_trades')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow();
  }

  waitingTrades(orderId: number, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('payment_trades')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('status', '=', TradeState.Waiting)
      .orderBy('id', 'desc')
      .execute();
  }

  tradeByOutTradeNo(outTradeNo: string) {
    return this.db.selectFrom('payment_trades').selectAll().where('out_trade_no', '=', outTradeNo).executeTakeFirst();
  }

  async markTrade(trx: Trx | Db, id: number, status: number, changes: { trade_no?: string; paid_at?: number } = {}) {
    await trx
      .updateTable('payment_trades')
      .set({ status, ...changes })
      .where('id', '=', id)
      .execute();
  }
}

export type OrderRow = NonNullable<Awaited<ReturnType<OrderRepository['byId']>>>;
export type TradeRow = NonNullable<Awaited<ReturnType<OrderRepository['tradeByOutTradeNo']>>>;
