/**
 * Tool runs accepted once per request: the creator's `Idempotency-Key` of `POST /ai/v1/jobs` is kept
 * with a fingerprint of the body and an expiry, so a repeat answers the same job and a reused key with another body
 * is refused. Keys of earlier runs (`tool_jobs.request_key`, no longer written) are carried over with no fingerprint,
 * valid for a day from their run. Jobs also get their number within the creator's own jobs (1, 2, 3… per creator)
 * and the unit prices they were charged at, so one output's share of the price can be given back.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

const CARRIED_KEY_MS = 24 * 60 * 60 * 1000;

export async function up(db: AnyDb): Promise<void> {
  const bigint = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('tool_job_requests')
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('request_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)')
    .addColumn('tool_job_id', bigint, (c) => c.notNull().references('tool_jobs.id').onDelete('cascade'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addPrimaryKeyConstraint('tool_job_requests_pk', ['agent_id', 'request_key'])
    .execute();
  await db.schema.createIndex('tool_job_requests_expires_idx').on('tool_job_requests').column('expires_at').execute();
  await sql`insert into tool_job_requests (agent_id, request_key, fingerprint, tool_job_id, created_at, expires_at)
    select agent_id, request_key, null, id, created_at, created_at + ${CARRIED_KEY_MS}
    from tool_jobs where request_key is not null and charged = 1`.execute(db);

  await db.schema
    .alterTable('tool_jobs')
    .addColumn('agent_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update tool_jobs set agent_seq =
    (select count(*) from tool_jobs earlier where earlier.agent_id = tool_jobs.agent_id and earlier.id <= tool_jobs.id)`.execute(
    db,
  );
  await db.schema
    .createIndex('tool_jobs_agent_seq_idx')
    .on('tool_jobs')
    .columns(['agent_id', 'agent_seq'])
    .unique()
    .execute();
  await db.schema.alterTable('tool_jobs').addColumn('price_per_output', 'integer').execute();
  await db.schema.alterTable('tool_jobs').addColumn('price_per_minute', 'integer').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tool_jobs').dropColumn('price_per_minute').execute();
  await db.schema.alterTable('tool_jobs').dropColumn('price_per_output').execute();
  await db.schema.dropIndex('tool_jobs_agent_seq_idx').execute();
  await db.schema.alterTable('tool_jobs').dropColumn('agent_seq').execute();
  await db.schema.dropTable('tool_job_requests').execute();
}
