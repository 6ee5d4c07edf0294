/**
 * 字幕翻译: a creator's glossary (one row per term, in the creator's order) and the subtitle lists made for review,
 * one per creator, video, subtitle file, language pair and glossary (the key is their hash), with the state of the
 * engine job that makes each and, once ready, the list itself.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('translate_glossary_terms')
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('translate_glossary_terms_pk', ['agent_id', 'position'])
    .execute();
  await db.schema
    .createTable('translate_subtitles')
    .addColumn('cache_key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('media_id', bigint, (c) => c.notNull())
    .addColumn('subtitle_media_id', bigint)
    .addColumn('source_language', 'varchar(8)', (c) => c.notNull())
    .addColumn('target_language', 'varchar(8)', (c) => c.notNull())
    .addColumn('glossary_hash', 'varchar(64)', (c) => c.notNull())
    // working | ready | failed; a failure is answered once, then the next request starts a new attempt.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('failure_answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('origin', 'varchar(16)')
    .addColumn('cues', 'text')
    .addColumn('error', 'varchar(512)')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('translate_subtitles_agent_media_idx')
    .on('translate_subtitles')
    .columns(['agent_id', 'media_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('translate_subtitles').execute();
  await db.schema.dropTable('translate_glossary_terms').execute();
}
