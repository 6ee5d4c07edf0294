/**
 * What each call to an AI service used: tokens (language), seconds of audio (recognition) or characters (speech),
 * by creator and, when a tool job made it, by job; with its time, attempts and whether it succeeded. Operators read
 * a job's cost from it; failed calls are kept too, as services may charge for them.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('ai_usage')
    .addColumn('id', bigint, (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    // A job's cost outlives the job row (an unpaid request's row is removed).
    .addColumn('tool_job_id', bigint, (c) => c.references('tool_jobs.id').onDelete('set null'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('model', 'varchar(128)', (c) => c.notNull())
    .addColumn('unit', 'varchar(16)', (c) => c.notNull())
    .addColumn('units', pg ? 'double precision' : 'real', (c) => c.notNull())
    .addColumn('input_units', 'integer')
    .addColumn('output_units', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(512)')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ai_usage_tool_job_idx').on('ai_usage').column('tool_job_id').execute();
  await db.schema.createIndex('ai_usage_agent_idx').on('ai_usage').columns(['agent_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ai_usage').execute();
}
