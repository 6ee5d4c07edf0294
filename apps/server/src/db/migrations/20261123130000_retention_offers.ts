/**
 * Retention offers: the discounted package issued to one creator with its 59:59 deadline. One row per creator and
 * retention package (the unique key makes two concurrent claims issue one offer); rows are never re-issued.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';
  await db.schema
    .createTable('retention_offers')
    .addColumn('id', bigint, (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('package_id', bigint, (c) => c.notNull().references('credit_packages.id'))
    .addColumn('issued_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('retention_offers_agent_package_key', ['agent_id', 'package_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('retention_offers').execute();
}
