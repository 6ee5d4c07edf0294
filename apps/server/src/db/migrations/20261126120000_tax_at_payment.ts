/**
 * Tax withheld on what is paid, when it is paid (ADR 0013). `cash_outs.tax_final` tells a withholding
 * fixed at the payout (1) from the estimate made at apply (0); withdrawals already paying or paid were taxed under
 * the old rule and stay as they are (final). `orders.wallet_tax_fen` is the tax a wallet-paid order withholds
 * (remuneration paid in kind). One ID number, one creator: a unique index on the ID's keyed hash, ignoring agents
 * without one; of accounts that already share an ID the oldest keeps it and the others lose the identity on their
 * agent row (their payee accounts keep their own encrypted copy), so they must be sorted out before withdrawing.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

const WAITING = 4;
const COMPLETE = 5;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('cash_outs')
    .addColumn('tax_final', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update cash_outs set tax_final = 1 where out_status in (${sql.lit(WAITING)}, ${sql.lit(COMPLETE)})
    and cash_out_to in ('1', '2')`.execute(db);
  await db.schema
    .alterTable('orders')
    .addColumn('wallet_tax_fen', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();

  await sql`update agents set id_card_enc = '', id_card_hash = '', id_card_mask = ''
    where id_card_hash <> '' and exists (
      select 1 from agents older where older.id_card_hash = agents.id_card_hash and older.id < agents.id)`.execute(db);
  await db.schema
    .createIndex('agents_id_card_hash_key')
    .on('agents')
    .column('id_card_hash')
    .unique()
    .where(sql.ref('id_card_hash'), '<>', '')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('agents_id_card_hash_key').execute();
  await db.schema.alterTable('orders').dropColumn('wallet_tax_fen').execute();
  await db.schema.alterTable('cash_outs').dropColumn('tax_final').execute();
}
