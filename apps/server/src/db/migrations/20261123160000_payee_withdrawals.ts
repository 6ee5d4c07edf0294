/**
 * Payee accounts, identity, contract signatures and withdrawals. Personal numbers are kept only
 * encrypted (`*_enc`, AES-256-GCM), with a keyed hash for look-ups and a masked copy for display; the plaintext
 * columns of `agents` (id_card_number, bank_card_number, alipay_id) stay empty from here on. `cash_outs` gains the
 * tax figures, the payee snapshot and the payout's idempotency key.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';

  await db.schema
    .alterTable('agents')
    .addColumn('id_card_enc', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('agents')
    .addColumn('id_card_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('agents')
    .addColumn('id_card_mask', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('agents_id_card_hash_idx').on('agents').column('id_card_hash').execute();

  await db.schema
    .createTable('payee_accounts')
    .addColumn('id', bigint, (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('real_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('id_card_enc', 'text', (c) => c.notNull())
    .addColumn('id_card_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('account_enc', 'text', (c) => c.notNull())
    .addColumn('account_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('account_mask', 'varchar(128)', (c) => c.notNull())
    .addColumn('reserve_phone_enc', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reserve_phone_mask', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('payee_accounts_agent_type_key', ['agent_id', 'type'])
    .execute();
  await db.schema.createIndex('payee_accounts_account_hash_idx').on('payee_accounts').column('account_hash').execute();

  await db.schema
    .createTable('contract_signatures')
    .addColumn('id', bigint, (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('agent_id', bigint, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('version', 'varchar(32)', (c) => c.notNull())
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('provider', 'varchar(32)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(128)', (c) => c.notNull())
    .addColumn('sign_phone', 'varchar(16)', (c) => c.notNull())
    .addColumn('real_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('signed_at', bigint, (c) => c.notNull())
    .addUniqueConstraint('contract_signatures_agent_version_key', ['agent_id', 'version'])
    .execute();

  const cashOut = (name: string, type: 'text' | 'integer' | 'bigint' | `varchar(${number})`, nullable = false) =>
    db.schema
      .alterTable('cash_outs')
      .addColumn(name, type === 'bigint' ? bigint : type, (c) =>
        nullable ? c : c.notNull().defaultTo(type === 'text' || type.startsWith('varchar') ? '' : 0),
      )
      .execute();
  await cashOut('tax_fen', 'bigint');
  await cashOut('tax_year', 'integer');
  await cashOut('tax_month', 'integer');
  await cashOut('tax_detail', 'text');
  await cashOut('payee_real_name', 'varchar(64)');
  await cashOut('payee_account_enc', 'text');
  await cashOut('out_biz_no', 'varchar(64)', true);
  await cashOut('pay_order_id', 'varchar(64)');
  await cashOut('approved_at', 'bigint', true);
  await cashOut('updated_at', 'bigint');
  await db.schema.createIndex('cash_outs_out_biz_no_key').on('cash_outs').column('out_biz_no').unique().execute();
  await db.schema.createIndex('cash_outs_status_idx').on('cash_outs').columns(['out_status', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('cash_outs_status_idx').execute();
  await db.schema.dropIndex('cash_outs_out_biz_no_key').execute();
  for (const name of [
    'tax_fen',
    'tax_year',
    'tax_month',
    'tax_detail',
    'payee_real_name',
    'payee_account_enc',
    'out_biz_no',
    'pay_order_id',
    'approved_at',
    'updated_at',
  ]) {
    await db.schema.alterTable('cash_outs').dropColumn(name).execute();
  }
  await db.schema.dropTable('contract_signatures').execute();
  await db.schema.dropTable('payee_accounts').execute();
  await db.schema.dropIndex('agents_id_card_hash_idx').execute();
  for (const name of ['id_card_enc', 'id_card_hash', 'id_card_mask']) {
    await db.schema.alterTable('agents').dropColumn(name).execute();
  }
}
