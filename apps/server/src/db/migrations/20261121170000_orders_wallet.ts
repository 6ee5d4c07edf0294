/** Orders and payments: points orders, their Alipay trades, the wallet (balance, holds, ledger) and cash-out records. */
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';
  const idType = pg ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('wallet_accounts')
    .addColumn('agent_id', idType, (c) => c.primaryKey().references('agents.id').onDelete('cascade'))
    .addColumn('balance_fen', bigint, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance_fen >= 0`),
    )
    .addColumn('held_fen', bigint, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`held_fen >= 0`),
    )
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addCheckConstraint('wallet_held_within_balance', sql`held_fen <= balance_fen`)
    .execute();

  await db.schema
    .createTable('wallet_ledger')
    .addColumn('id', idType, id)
    .addColumn('agent_id', idType, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('amount_fen', bigint, (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cash_outs')
    .addColumn('id', idType, id)
    .addColumn('agent_id', idType, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('out_status', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', bigint, (c) => c.notNull())
    .addColumn('pre_pay_amount_fen', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('pay_amount_fen', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('cash_out_to', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('bank_card_number', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('alipay_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('is_offline', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('order_no', 'varchar(40)', (c) => c.unique())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('finish_at', bigint)
    .execute();
  await db.schema.createIndex('cash_outs_agent_idx').on('cash_outs').columns(['agent_id', 'id']).execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', idType, id)
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('agent_id', idType, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('package_id', idType, (c) => c.notNull().references('credit_packages.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price_fen', bigint, (c) => c.notNull())
    .addColumn('credit', 'integer', (c) => c.notNull())
    .addColumn('gift_credit', 'integer', (c) => c.notNull())
    .addColumn('subject', 'varchar(128)', (c) => c.notNull())
    .addColumn('pay_type', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('wallet_hold_fen', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('paid_at', bigint)
    .addColumn('closed_at', bigint)
    .execute();
  await db.schema.createIndex('orders_agent_idx').on('orders').columns(['agent_id', 'id']).execute();
  await db.schema.createIndex('orders_status_expiry_idx').on('orders').columns(['status', 'expires_at']).execute();

  await db.schema
    .createTable('payment_trades')
    .addColumn('id', idType, id)
    .addColumn('order_id', idType, (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('amount_fen', bigint, (c) => c.notNull())
    .addColumn('qr_code', 'varchar(512)', (c) => c.notNull())
    /** 1 waiting, 2 paid, 3 closed. */
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(64)')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('paid_at', bigint)
    .execute();
  await db.schema.createIndex('payment_trades_order_idx').on('payment_trades').columns(['order_id', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['payment_trades', 'orders', 'cash_outs', 'wallet_ledger', 'wallet_accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
