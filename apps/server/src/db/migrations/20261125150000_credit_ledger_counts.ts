/**
 * How many ledger rows each creator has of each type, kept as rows are written, so the points detail page knows its
 * page count without counting the creator's whole ledger on every view.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('credit_ledger_counts')
    .addColumn('agent_id', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('row_count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('credit_ledger_counts_pk', ['agent_id', 'type'])
    .execute();
  await sql`insert into credit_ledger_counts (agent_id, type, row_count)
    select agent_id, type, count(*) from credit_ledger group by agent_id, type`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('credit_ledger_counts').execute();
}
