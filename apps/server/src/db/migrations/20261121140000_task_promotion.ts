/** Task center and promotion: episodes, task receipts (promotion codes), clicks, share orders, onboarding. */
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';
  const idType = pg ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('episodes')
    .addColumn('id', idType, id)
    .addColumn('serial_id', idType, (c) => c.notNull().references('serials.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('media_path', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('poster_path', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('size_bytes', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('episodes_serial_number_unique', ['serial_id', 'number'])
    .execute();

  await db.schema
    .createTable('task_receipts')
    .addColumn('id', idType, id)
    .addColumn('agent_id', idType, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('task_id', idType, (c) => c.notNull().references('tasks.id'))
    .addColumn('code', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('click_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('actived_at', bigint)
    .addUniqueConstraint('task_receipts_agent_task_unique', ['agent_id', 'task_id'])
    .execute();
  await db.schema
    .createIndex('task_receipts_agent_active_idx')
    .on('task_receipts')
    .columns(['agent_id', 'actived_at'])
    .execute();

  await db.schema
    .createTable('promotion_clicks')
    .addColumn('id', idType, id)
    .addColumn('receipt_id', idType, (c) => c.notNull().references('task_receipts.id').onDelete('cascade'))
    .addColumn('visitor_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('referrer', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('counted', 'integer', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('promotion_clicks_visitor_idx')
    .on('promotion_clicks')
    .columns(['receipt_id', 'visitor_hash', 'created_at'])
    .execute();

  // Orders the drama and novel apps report for a promotion code; the settlement module fills and settles them.
  await db.schema
    .createTable('share_orders')
    .addColumn('id', idType, id)
    .addColumn('order_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('agent_id', idType, (c) => c.notNull().references('agents.id'))
    .addColumn('receipt_id', idType, (c) => c.references('task_receipts.id'))
    .addColumn('task_id', idType, (c) => c.references('tasks.id'))
    .addColumn('serial_id', idType, (c) => c.references('serials.id'))
    .addColumn('app_id', idType, (c) => c.references('apps.id'))
    .addColumn('share_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('order_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('platform', 'integer', (c) => c.notNull().defaultTo(5))
    .addColumn('order_amount_fen', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('ad_amount_fen', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('share_amount_fen', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('sett_status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('expected_sett_date', 'varchar(10)')
    .addColumn('order_at', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_orders_receipt_idx').on('share_orders').column('receipt_id').execute();
  await db.schema
    .createIndex('share_orders_agent_order_at_idx')
    .on('share_orders')
    .columns(['agent_id', 'order_at'])
    .execute();

  await db.schema
    .createTable('agent_applications')
    .addColumn('id', idType, id)
    .addColumn('agent_id', idType, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('real_name', 'varchar(32)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('platform', 'integer', (c) => c.notNull())
    .addColumn('channel_link', 'varchar(512)', (c) => c.notNull())
    .addColumn('follower_range', 'varchar(16)', (c) => c.notNull())
    .addColumn('experience', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('reviewed_at', bigint)
    .addColumn('reviewed_by', 'varchar(64)')
    .addColumn('dialog_seen_at', bigint)
    .execute();
  await db.schema
    .createIndex('agent_applications_agent_idx')
    .on('agent_applications')
    .columns(['agent_id', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['agent_applications', 'share_orders', 'promotion_clicks', 'task_receipts', 'episodes']) {
    await db.schema.dropTable(table).execute();
  }
}
