/**
 * Video tool jobs: one row per run of a tool — its input, state, progress, price and outputs — and the
 * analysis of a medium for the mixed cut, computed once and shared by every later plan.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';

  await db.schema
    .createTable('tool_jobs')
    .addColumn('id', bigint, (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('tool', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stage', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) => c.notNull())
    .addColumn('charged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('media_ids', 'text', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('outputs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('logs', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('error', 'text')
    .addColumn('request_key', 'varchar(64)')
    .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('heartbeat_at', bigint)
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addColumn('started_at', bigint)
    .addColumn('finished_at', bigint)
    .addUniqueConstraint('tool_jobs_agent_request_key', ['agent_id', 'request_key'])
    .execute();
  await db.schema.createIndex('tool_jobs_agent_idx').on('tool_jobs').columns(['agent_id', 'id']).execute();
  await db.schema.createIndex('tool_jobs_status_idx').on('tool_jobs').columns(['status', 'updated_at']).execute();

  await db.schema
    .createTable('media_analyses')
    .addColumn('media_id', bigint, (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('analysis', 'text', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('media_analyses').execute();
  await db.schema.dropTable('tool_jobs').execute();
}
