/**
 * 短剧解析's storage, kept for every later tool: a medium's transcript per language (from its own subtitle stream or
 * recognised, with speakers when the service gave them), an episode's parse per format version (scenes, summary,
 * speakers' lines, stretches to remove), and the summary of a set of episodes parsed together.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('media_transcripts')
    .addColumn('media_id', bigint, (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('origin', 'varchar(16)', (c) => c.notNull())
    .addColumn('cues', 'text', (c) => c.notNull())
    .addColumn('speakers', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('media_transcripts_pk', ['media_id', 'language'])
    .execute();
  await db.schema
    .createTable('episode_parses')
    .addColumn('media_id', bigint, (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('language', 'varchar(8)', (c) => c.notNull())
    .addColumn('parse', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('episode_parses_pk', ['media_id', 'version'])
    .execute();
  await db.schema
    .createTable('serial_parses')
    .addColumn('agent_id', bigint, (c) => c.notNull())
    .addColumn('media_key', 'varchar(400)', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('serial_parses_pk', ['agent_id', 'media_key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('serial_parses').execute();
  await db.schema.dropTable('episode_parses').execute();
  await db.schema.dropTable('media_transcripts').execute();
}
