/**
 * The creator's own space: QR login sessions (a desktop shows the QR, a logged-in phone confirms) and
 * the filing of media channels with their operator review.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';

  await db.schema
    .createTable('login_qr_sessions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    // SHA-256 of the secret held by the browser that created the QR (a cookie): only it may collect the token.
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('agent_id', bigint, (c) => c.references('agents.id').onDelete('cascade'))
    .addColumn('requester_ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('requester_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addColumn('scanned_at', bigint)
    .addColumn('confirmed_at', bigint)
    .addColumn('consumed_at', bigint)
    .execute();
  await db.schema.createIndex('login_qr_sessions_expires_idx').on('login_qr_sessions').column('expires_at').execute();

  await db.schema
    .createTable('channel_filings')
    .addColumn('id', bigint, (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('platform', 'integer', (c) => c.notNull())
    .addColumn('channel_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel_id', 'varchar(64)', (c) => c.notNull())
    // Lower-cased channel id: one channel (platform + id) belongs to one creator, whatever the case typed.
    .addColumn('channel_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('channel_url', 'varchar(500)', (c) => c.notNull())
    .addColumn('cover_key', 'varchar(300)')
    .addColumn('report_status', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('reviewed_at', bigint)
    .addColumn('reviewed_by', 'varchar(64)')
    // Set when the creator deletes it; a deleted filing frees its channel.
    .addColumn('deleted_at', bigint)
    // `platform:channel_key` while pending or approved, null once rejected or deleted: one holder per channel.
    .addColumn('live_key', 'varchar(80)', (c) => c.unique())
    .execute();
  await db.schema
    .createIndex('channel_filings_agent_idx')
    .on('channel_filings')
    .columns(['agent_id', 'deleted_at', 'id'])
    .execute();
  await db.schema
    .createIndex('channel_filings_status_idx')
    .on('channel_filings')
    .columns(['report_status', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('channel_filings').execute();
  await db.schema.dropTable('login_qr_sessions').execute();
}
