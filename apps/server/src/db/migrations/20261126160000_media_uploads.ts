/**
 * Uploads in progress: each tus upload of the media library holds what it promised — its declared
 * length, or while the length is deferred the bytes received and in flight — against its creator's quota until it
 * becomes a library item, is terminated or expires (`expires_at`, swept by `media.upload-sweep`).
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const bigint = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('media_uploads')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('length', bigint)
    .addColumn('reserved_bytes', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_uploads_agent_idx').on('media_uploads').columns(['agent_id']).execute();
  await db.schema.createIndex('media_uploads_expiry_idx').on('media_uploads').columns(['expires_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('media_uploads').execute();
}
