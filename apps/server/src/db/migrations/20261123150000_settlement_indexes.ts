/**
 * Indexes of the settlement read side: a creator's shares by settlement status and by app, each in order_at order,
 * so the income page's filters and sums read one creator's rows and never scan the table.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('share_orders_agent_sett_idx')
    .on('share_orders')
    .columns(['agent_id', 'sett_status', 'order_at'])
    .execute();
  await db.schema
    .createIndex('share_orders_agent_app_idx')
    .on('share_orders')
    .columns(['agent_id', 'app_id', 'order_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('share_orders_agent_app_idx').execute();
  await db.schema.dropIndex('share_orders_agent_sett_idx').execute();
}
