/**
 * Library items by type — `video`, `subtitle` or `audio` (existing rows are videos) — an upload in progress keeps
 * the type its file name proposed (its size limit), and the music library: narration's background tracks by style,
 * each file in the media storage under `storage_key`; a demo track keeps its `seed_key` so seeding adds it once.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = postgres ? 'bigint' : 'integer';
  await db.schema
    .alterTable('media')
    .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('video'))
    .execute();
  await db.schema
    .alterTable('media_uploads')
    .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('video'))
    .execute();
  await db.schema
    .createTable('music_tracks')
    .addColumn('id', bigint, (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('style', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('size_bytes', bigint, (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('audio_codec', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('seed_key', 'varchar(64)', (c) => c.unique())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('deleted_at', bigint)
    .execute();
  await db.schema
    .createIndex('music_tracks_style_idx')
    .on('music_tracks')
    .columns(['style', 'deleted_at', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('music_tracks').execute();
  await db.schema.alterTable('media_uploads').dropColumn('type').execute();
  await db.schema.alterTable('media').dropColumn('type').execute();
}
