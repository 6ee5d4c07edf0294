/**
 * 影视解说's narration scripts: a preview kept per creator, media and style (`preview_key`), and the script each
 * commentary job rendered (`tool_job_id`), which a later run may take again.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = postgres ? 'bigint' : 'integer';
  await db.schema
    .createTable('commentary_scripts')
    .addColumn('id', bigint, (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('preview_key', 'varchar(64)')
    .addColumn('tool_job_id', bigint, (c) => c.references('tool_jobs.id').onDelete('cascade'))
    .addColumn('media_ids', 'text', (c) => c.notNull())
    .addColumn('speech_style', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('dialogue', 'varchar(16)')
    .addColumn('lines', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('commentary_scripts_preview_idx')
    .on('commentary_scripts')
    .columns(['agent_id', 'preview_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('commentary_scripts_job_idx')
    .on('commentary_scripts')
    .column('tool_job_id')
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('commentary_scripts').execute();
}
