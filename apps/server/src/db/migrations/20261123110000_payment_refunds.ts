/**
 * Money-path repairs: over-payments refunded through Alipay (`payment_refunds`), at most one payable trade per
 * order (a partial unique index over waiting trades), and points idempotency keys unique per agent instead of
 * globally (`credit_ledger`).
 */
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

/** payment_trades.status: 1 waiting, 2 paid, 3 closed, 4 cancelling (cancel sent or due at Alipay). */
const WAITING = 1;
const CANCELLING = 4;

export async function up(db: AnyDb): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const bigint = pg ? 'bigint' : 'integer';
  const idType = pg ? 'bigint' : 'integer';
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable('payment_refunds')
    .addColumn('id', idType, id)
    .addColumn('order_id', idType, (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('trade_id', idType, (c) => c.notNull().unique().references('payment_trades.id').onDelete('cascade'))
    .addColumn('out_trade_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('trade_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('out_request_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('amount_fen', bigint, (c) => c.notNull().check(sql`amount_fen > 0`))
    .addColumn('reason', 'varchar(256)', (c) => c.notNull())
    /** 1 pending, 2 refunded, 3 failed (needs an operator). */
    .addColumn('status', 'integer', (c) => c.notNull())
    /** How the money went back: `refund` (alipay.trade.refund) or `cancel` (alipay.trade.cancel refunded it). */
    .addColumn('method', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', bigint, (c) => c.notNull())
    .addColumn('refunded_at', bigint)
    .execute();
  await db.schema.createIndex('payment_refunds_status_idx').on('payment_refunds').columns(['status', 'id']).execute();

  // Older code could leave two waiting trades on one order: all but the newest are cancelled by the sweep.
  await sql`update payment_trades set status = ${CANCELLING}
    where status = ${WAITING}
      and id not in (select max(id) from payment_trades where status = ${WAITING} group by order_id)`.execute(db);
  await db.schema
    .createIndex('payment_trades_one_waiting_idx')
    .on('payment_trades')
    .column('order_id')
    .unique()
    .where(sql.ref('status'), '=', WAITING)
    .execute();
  await db.schema.createIndex('payment_trades_status_idx').on('payment_trades').columns(['status', 'id']).execute();

  await scopeCreditKeysToAgent(db, pg);
}

/** `credit_ledger.idempotency_key` was UNIQUE on its own; it becomes UNIQUE (agent_id, idempotency_key). */
async function scopeCreditKeysToAgent(db: AnyDb, pg: boolean): Promise<void> {
  if (pg) {
    await sql`alter table credit_ledger drop constraint credit_ledger_idempotency_key_key`.execute(db);
  } else {
    // SQLite cannot drop a column's UNIQUE: rebuild the table (same columns and ids) with foreign keys paused.
    // Kysely runs SQLite migrations outside a transaction, so the pragma applies; the rebuild itself is atomic.
    await sql`pragma foreign_keys = off`.execute(db);
    await sql`begin immediate`.execute(db);
    try {
      await sql`create table credit_ledger_new (
        id integer primary key autoincrement,
        agent_id integer not null references agents(id) on delete cascade,
        type integer not null,
        title varchar(128) not null,
        credit integer not null,
        idempotency_key varchar(128) not null,
        created_at integer not null)`.execute(db);
      await sql`insert into credit_ledger_new (id, agent_id, type, title, credit, idempotency_key, created_at)
        select id, agent_id, type, title, credit, idempotency_key, created_at from credit_ledger`.execute(db);
      await sql`drop table credit_ledger`.execute(db);
      await sql`alter table credit_ledger_new rename to credit_ledger`.execute(db);
      await sql`create index credit_ledger_agent_idx on credit_ledger (agent_id, id)`.execute(db);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  }
  await db.schema
    .createIndex('credit_ledger_agent_key_idx')
    .on('credit_ledger')
    .columns(['agent_id', 'idempotency_key'])
    .unique()
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('credit_ledger_agent_key_idx').execute();
  await db.schema.dropIndex('payment_trades_status_idx').execute();
  await db.schema.dropIndex('payment_trades_one_waiting_idx').execute();
  await db.schema.dropTable('payment_refunds').execute();
}
