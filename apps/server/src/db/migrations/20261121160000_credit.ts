/** Points: per-agent balances, grants that expire, the append-only ledger, spend allocations, packages, free claims. */
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';
  const idType = pg ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('credit_accounts')
    .addColumn('agent_id', idType, (c) => c.primaryKey().references('agents.id').onDelete('cascade'))
    .addColumn('total', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`total >= 0`),
    )
    .addColumn('buy', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`buy >= 0`),
    )
    .addColumn('gift', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`gift >= 0`),
    )
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', idType, id)
    .addColumn('agent_id', idType, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(128)', (c) => c.notNull())
    .addColumn('credit', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_ledger_agent_idx').on('credit_ledger').columns(['agent_id', 'id']).execute();

  await db.schema
    .createTable('credit_grants')
    .addColumn('id', idType, id)
    .addColumn('agent_id', idType, (c) => c.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('ledger_id', idType, (c) => c.notNull().references('credit_ledger.id'))
    .addColumn('kind', 'integer', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('remaining', 'integer', (c) => c.notNull().check(sql`remaining >= 0`))
    .addColumn('granted_at', bigint, (c) => c.notNull())
    .addColumn('expires_at', bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_grants_agent_expiry_idx')
    .on('credit_grants')
    .columns(['agent_id', 'expires_at'])
    .execute();

  await db.schema
    .createTable('credit_allocations')
    .addColumn('id', idType, id)
    .addColumn('ledger_id', idType, (c) => c.notNull().references('credit_ledger.id'))
    .addColumn('grant_id', idType, (c) => c.notNull().references('credit_grants.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_allocations_ledger_idx').on('credit_allocations').column('ledger_id').execute();

  await db.schema
    .createTable('credit_packages')
    .addColumn('id', idType, id)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('discount', 'integer', (c) => c.notNull().defaultTo(100))
    .addColumn('discount_price_fen', 'integer')
    .addColumn('credit', 'integer', (c) => c.notNull())
    .addColumn('gift_credit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_at', bigint)
    .addColumn('end_at', bigint)
    .addColumn('description', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('updated_at', bigint, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('credit_promotions')
    .addColumn('id', idType, id)
    .addColumn('title', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('start_at', bigint, (c) => c.notNull())
    .addColumn('end_at', bigint, (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('free_point_claims')
    .addColumn('agent_id', idType, (c) => c.primaryKey().references('agents.id').onDelete('cascade'))
    .addColumn('ledger_id', idType, (c) => c.notNull().references('credit_ledger.id'))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'free_point_claims',
    'credit_promotions',
    'credit_packages',
    'credit_allocations',
    'credit_grants',
    'credit_ledger',
    'credit_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
