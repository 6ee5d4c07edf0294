/**
 * The media library: uploaded videos, catalogue episodes added to it and tool outputs, with their
 * probe, poster and thumbnail sprite; files live in the media storage under `storage_key`.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';

  await db.schema
    .createTable('media')
    .addColumn('id', bigint, (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('folder', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'varchar(400)', (c) => c.notNull().defaultTo(''))
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('poster_key', 'varchar(300)')
    .addColumn('sprite_key', 'varchar(300)')
    .addColumn('sprite', 'text')
    .addColumn('size_bytes', bigint, (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('video_codec', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('audio_codec', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('job_id', 'varchar(32)')
    .addColumn('serial_id', bigint)
    .addColumn('episode_id', bigint)
    .addColumn('episode_no', 'integer')
    .addColumn('upload_id', 'varchar(100)', (c) => c.unique())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('deleted_at', bigint)
    .execute();
  await db.schema.createIndex('media_agent_list_idx').on('media').columns(['agent_id', 'deleted_at', 'id']).execute();
  await db.schema.createIndex('media_job_idx').on('media').columns(['job_id']).execute();
  await db.schema.createIndex('media_agent_episode_idx').on('media').columns(['agent_id', 'episode_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('media').execute();
}
