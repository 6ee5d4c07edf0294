/**
 * Money sessions (ADR 0026): a verified money code lets the same login on the same device do the next
 * money actions for 10 minutes without another code. One row per login session, replaced when a new code opens it.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const bigint = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('money_sessions')
    .addColumn('session_id', bigint, (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('device_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('opened_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('money_sessions').execute();
}
