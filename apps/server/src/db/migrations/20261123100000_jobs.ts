/** The job engine's database driver: persisted jobs with leases, and one row per scheduled kind for single flight. */
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('jobs')
    .addColumn('id', bigint, id)
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('input', 'text', (c) => c.notNull())
    /** queued, running, succeeded, failed. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', bigint, (c) => c.notNull())
    .addColumn('lease_until', bigint)
    .addColumn('locked_by', 'varchar(128)')
    .addColumn('last_error', 'text')
    .addColumn('idempotency_key', 'varchar(200)')
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('started_at', bigint)
    .addColumn('finished_at', bigint)
    .addUniqueConstraint('jobs_kind_key_unique', ['kind', 'idempotency_key'])
    .addCheckConstraint('jobs_status_known', sql`status in ('queued', 'running', 'succeeded', 'failed')`)
    .execute();
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['kind', 'status', 'run_at', 'id']).execute();
  await db.schema.createIndex('jobs_status_idx').on('jobs').columns(['status', 'id']).execute();

  await db.schema
    .createTable('job_schedules')
    .addColumn('kind', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('next_run_at', bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_schedules').execute();
  await db.schema.dropTable('jobs').execute();
}
