/**
 * Operator accounts (scrypt password hashes with their parameters, the TOTP secret encrypted, failures and lock),
 * their single-use recovery codes, their sessions (hashed bearer tokens with idle and absolute expiry), API keys
 * (hashed, with a role) and the audit log of what operators did.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = postgres ? 'bigint' : 'integer';
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', bigint, (c) =>
        postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      );
  await table('operators')
    .addColumn('username', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('totp_secret', 'varchar(255)', (c) => c.notNull())
    .addColumn('totp_last_step', bigint)
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', bigint)
    .addColumn('disabled_at', bigint)
    .addColumn('last_login_at', bigint)
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await table('operator_recovery_codes')
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('used_at', bigint)
    .execute();
  await db.schema
    .createIndex('operator_recovery_codes_operator_idx')
    .on('operator_recovery_codes')
    .column('operator_id')
    .execute();
  await table('operator_sessions')
    .addColumn('operator_id', bigint, (c) => c.notNull().references('operators.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_seen_at', bigint, (c) => c.notNull())
    .addColumn('idle_expires_at', bigint, (c) => c.notNull())
    .addColumn('absolute_expires_at', bigint, (c) => c.notNull())
    .addColumn('revoked_at', bigint)
    .execute();
  await db.schema.createIndex('operator_sessions_operator_idx').on('operator_sessions').column('operator_id').execute();
  await table('operator_api_keys')
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('last_used_at', bigint)
    .addColumn('revoked_at', bigint)
    .execute();
  await table('operator_audit')
    .addColumn('operator_id', bigint)
    .addColumn('api_key_id', bigint)
    .addColumn('actor', 'varchar(64)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('action', 'varchar(200)', (c) => c.notNull())
    .addColumn('object_type', 'varchar(64)')
    .addColumn('object_id', 'varchar(64)')
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(512)', (c) => c.notNull())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operator_audit_created_idx').on('operator_audit').column('created_at').execute();
  await db.schema
    .createIndex('operator_audit_operator_idx')
    .on('operator_audit')
    .columns(['operator_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'operator_audit',
    'operator_api_keys',
    'operator_sessions',
    'operator_recovery_codes',
    'operators',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
