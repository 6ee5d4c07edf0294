/**
 * Uploaded images: one row per stored cover or avatar image, so a creator's uploads can be limited
 * (per hour, total bytes) and the images no avatar or cover uses can be removed after a day. Images stored before
 * this table are neither counted nor removed.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const bigint = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('images')
    .addColumn('name', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('size_bytes', bigint, (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_agent_created_idx').on('images').columns(['agent_id', 'created_at']).execute();
  await db.schema.createIndex('images_created_idx').on('images').columns(['created_at', 'name']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('images').execute();
}
