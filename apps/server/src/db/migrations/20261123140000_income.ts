/**
 * Income: partner apps' credentials, the orders they report, settlement runs, and the columns share
 * rows and wallets need for shares, refunds and debt (ADR 0012).
 */
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
    .createTable('partner_apps')
    .addColumn('app_id', idType, (c) => c.primaryKey().references('apps.id').onDelete('cascade'))
    .addColumn('app_key', 'varchar(64)', (c) => c.notNull().unique())
    // AES-256-GCM of the signing secret: base64 of iv (12) | tag (16) | ciphertext.
    .addColumn('secret_enc', 'varchar(256)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('rotated_at', bigint)
    .execute();

  await db.schema
    .createTable('open_orders')
    .addColumn('id', idType, id)
    .addColumn('app_id', idType, (c) => c.notNull().references('apps.id'))
    .addColumn('order_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)', (c) => c.notNull())
    .addColumn('order_type', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', bigint, (c) => c.notNull())
    .addColumn('order_at', bigint, (c) => c.notNull())
    .addColumn('refund_of', 'varchar(64)')
    /** 'attributed' or 'unattributed'. */
    .addColumn('attribution', 'varchar(16)', (c) => c.notNull())
    .addColumn('receipt_id', idType, (c) => c.references('task_receipts.id'))
    .addColumn('agent_id', idType, (c) => c.references('agents.id'))
    /** 'api' or 'csv'. */
    .addColumn('source', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('open_orders_app_order_idx')
    .on('open_orders')
    .columns(['app_id', 'order_id'])
    .unique()
    .execute();
  await db.schema.createIndex('open_orders_attribution_idx').on('open_orders').columns(['attribution', 'id']).execute();

  await db.schema
    .createTable('settlement_runs')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('settled_count', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();

  const shareColumns: [string, string, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder][] = [
    ['open_order_id', idType, (c) => c.references('open_orders.id')],
    // The app's own order id, for display (order_no stays unique per share row).
    ['order_id', 'varchar(64)', (c) => c.notNull().defaultTo('')],
    ['attract_agent_id', idType, (c) => c.references('agents.id')],
    ['rate_bp', 'integer', (c) => c.notNull().defaultTo(0)],
    ['reverses_id', idType, (c) => c.references('share_orders.id')],
    ['reason', 'varchar(256)', (c) => c.notNull().defaultTo('')],
    ['expected_sett_at', bigint, (c) => c.notNull().defaultTo(0)],
    ['sett_run_id', 'varchar(40)', (c) => c],
    ['settled_at', bigint, (c) => c],
  ];
  for (const [name, type, build] of shareColumns) {
    await db.schema.alterTable('share_orders').addColumn(name, sql.raw(type), build).execute();
  }
  await db.schema
    .createIndex('share_orders_due_idx')
    .on('share_orders')
    .columns(['sett_status', 'expected_sett_at'])
    .execute();
  await db.schema.createIndex('share_orders_run_idx').on('share_orders').columns(['sett_run_id', 'agent_id']).execute();
  await db.schema.createIndex('share_orders_open_order_idx').on('share_orders').column('open_order_id').execute();

  await db.schema
    .alterTable('wallet_accounts')
    .addColumn('debt_fen', sql.raw(bigint), (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`debt_fen >= 0`),
    )
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('wallet_accounts').dropColumn('debt_fen').execute();
  for (const index of ['share_orders_due_idx', 'share_orders_run_idx', 'share_orders_open_order_idx']) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of [
    'settled_at',
    'sett_run_id',
    'expected_sett_at',
    'reason',
    'reverses_id',
    'rate_bp',
    'attract_agent_id',
    'order_id',
    'open_order_id',
  ]) {
    await db.schema.alterTable('share_orders').dropColumn(column).execute();
  }
  for (const table of ['settlement_runs', 'open_orders', 'partner_apps']) await db.schema.dropTable(table).execute();
}
