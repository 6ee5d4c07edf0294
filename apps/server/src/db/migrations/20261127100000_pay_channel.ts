/**
 * How an order's Alipay part is paid: `qr` (a precreated QR code, 当面付) or `wap` (the mobile-browser
 * cashier, alipay.trade.wap.pay). Orders placed before are QR orders.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('pay_channel', 'varchar(8)', (c) => c.notNull().defaultTo('qr'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('pay_channel').execute();
}
