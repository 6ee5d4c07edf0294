/**
 * Partner orders a partner can reconcile: per-app sanity limits on reported orders, why an order waits
 * for an operator (`open_orders.held_reason`), and every operator decision on such an order
 * (`open_order_decisions`).
 */
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  // Defaults: 10 000.00 per order, 90 days back, 5 minutes ahead.
  await db.schema
    .alterTable('partner_apps')
    .addColumn('max_amount_fen', bigint, (c) => c.notNull().defaultTo(1_000_000))
    .execute();
  await db.schema
    .alterTable('partner_apps')
    .addColumn('max_age_days', 'integer', (c) => c.notNull().defaultTo(90))
    .execute();
  await db.schema
    .alterTable('partner_apps')
    .addColumn('future_skew_seconds', 'integer', (c) => c.notNull().defaultTo(300))
    .execute();

  /** 'no_code', 'too_old' or 'over_cap'; null for an order that never waited for an operator. */
  await db.schema.alterTable('open_orders').addColumn('held_reason', 'varchar(16)').execute();
  // Recharges stored unattributed before this migration wait for an operator like new ones.
  await db
    .updateTable('open_orders')
    .set({ held_reason: 'no_code' })
    .where('attribution', '=', 'unattributed')
    .where('order_type', '<>', 2)
    .execute();
  await db.schema.createIndex('open_orders_refund_of_idx').on('open_orders').columns(['app_id', 'refund_of']).execute();

  await db.schema
    .createTable('open_order_decisions')
    .addColumn('id', bigint, id)
    .addColumn('open_order_id', bigint, (c) => c.notNull().references('open_orders.id'))
    /** 'attributed' or 'rejected'. */
    .addColumn('decision', 'varchar(16)', (c) => c.notNull())
    .addColumn('code', 'varchar(64)')
    .addColumn('agent_id', bigint, (c) => c.references('agents.id'))
    .addColumn('operator', 'varchar(64)', (c) => c.notNull())
    .addColumn('reason', 'varchar(256)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  // One decision per order: two operators deciding at once cannot both win.
  await db.schema
    .createIndex('open_order_decisions_order_idx')
    .on('open_order_decisions')
    .column('open_order_id')
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('open_order_decisions').execute();
  await db.schema.dropIndex('open_orders_refund_of_idx').execute();
  await db.schema.alterTable('open_orders').dropColumn('held_reason').execute();
  for (const column of ['future_skew_seconds', 'max_age_days', 'max_amount_fen']) {
    await db.schema.alterTable('partner_apps').dropColumn(column).execute();
  }
}
