/**
 * Figures that grew with the data they summed: a receipt now keeps its own order figures (the agent's own shares:
 * recharges counted, refunds subtracted), written with the shares, so "my tasks" and the overview no longer sum every
 * share order of the creator on each view; the points ledger gets an index for its per-type pages.
 */
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

const FIGURES = ['order_count', 'order_fen', 'ad_fen', 'share_fen'] as const;

export async function up(db: AnyDb): Promise<void> {
  for (const column of FIGURES) {
    await db.schema
      .alterTable('task_receipts')
      .addColumn(column, 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // Share type 1 is the agent's own share; order type 2 a refund (stored with positive amounts).
  const signed = (column: string) =>
    sql`coalesce((select sum(case when s.order_type = 2 then -s.${sql.ref(column)} else s.${sql.ref(column)} end)
      from share_orders s where s.receipt_id = task_receipts.id and s.share_type = 1), 0)`;
  await db
    .updateTable('task_receipts')
    .set({
      order_count: sql`(select count(*) from share_orders s
        where s.receipt_id = task_receipts.id and s.share_type = 1 and s.order_type = 1)`,
      order_fen: signed('order_amount_fen'),
      ad_fen: signed('ad_amount_fen'),
      share_fen: signed('share_amount_fen'),
    })
    .execute();
  await db.schema
    .createIndex('credit_ledger_agent_type_idx')
    .on('credit_ledger')
    .columns(['agent_id', 'type', 'id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('credit_ledger_agent_type_idx').execute();
  for (const column of FIGURES) await db.schema.alterTable('task_receipts').dropColumn(column).execute();
}
