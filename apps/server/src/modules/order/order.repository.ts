/** SQL for points orders (their Alipay trades are payment's). */
import { OrderStatus } from '@cc/contracts';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, OrderTable } from '../../db/schema.js';

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

  /** Pending orders past their window, in a stable order (the sweep works through them one by one). */
  duePending(now: number, limit: number) {
    return this.db
      .selectFrom('orders')
      .select(['id', 'order_no'])
      .where('status', '=', OrderStatus.Pending)
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}

export type OrderRow = NonNullable<Awaited<ReturnType<OrderRepository['byId']>>>;
