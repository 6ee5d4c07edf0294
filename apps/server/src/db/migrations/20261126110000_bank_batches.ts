/**
 * Bank batches: an export of agreed bank withdrawals, its rows as exported (the file is rebuilt from
 * them byte for byte) and what the bank did with each. `live_cash_out_id` is the withdrawal while its row holds it
 * (undecided or paid) and null once returned or rejected: unique, so a withdrawal is in at most one live batch.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';

  await db.schema
    .createTable('bank_batches')
    .addColumn('id', bigint, (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('total_pay_fen', bigint, (c) => c.notNull())
    .addColumn('file_sha256', 'varchar(64)', (c) => c.notNull())
    // The operator credential today ('operator-token'); an operator's id once operator accounts exist.
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('completed_at', bigint)
    .execute();
  await db.schema.createIndex('bank_batches_status_idx').on('bank_batches').columns(['status', 'id']).execute();

  await db.schema
    .createTable('bank_batch_rows')
    .addColumn('id', bigint, (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('batch_id', bigint, (c) => c.notNull().references('bank_batches.id'))
    .addColumn('cash_out_id', bigint, (c) => c.notNull().references('cash_outs.id'))
    .addColumn('live_cash_out_id', bigint)
    .addColumn('agent_id', bigint, (c) => c.notNull())
    .addColumn('payee_real_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('bank_card_mask', 'varchar(64)', (c) => c.notNull())
    .addColumn('payee_account_enc', 'text', (c) => c.notNull())
    .addColumn('pay_amount_fen', bigint, (c) => c.notNull())
    .addColumn('applied_at', bigint, (c) => c.notNull())
    .addColumn('result', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('bank_ref', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('reason', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('decided_at', bigint)
    .addUniqueConstraint('bank_batch_rows_batch_cash_out_key', ['batch_id', 'cash_out_id'])
    .addUniqueConstraint('bank_batch_rows_live_cash_out_key', ['live_cash_out_id'])
    .execute();
  await db.schema.createIndex('bank_batch_rows_cash_out_idx').on('bank_batch_rows').column('cash_out_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('bank_batch_rows').execute();
  await db.schema.dropTable('bank_batches').execute();
}
