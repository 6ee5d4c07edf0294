/**
 * Whether a visitor or an IP already counted on a link is asked of counted rows only: with `counted` in the index
 * before the time, one visitor who reloads a link ten thousand times (all uncounted) no longer makes that question
 * scan ten thousand rows.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('promotion_clicks_visitor_idx').execute();
  await db.schema.dropIndex('promotion_clicks_ip_idx').execute();
  await db.schema
    .createIndex('promotion_clicks_visitor_counted_idx')
    .on('promotion_clicks')
    .columns(['receipt_id', 'visitor_hash', 'counted', 'created_at'])
    .execute();
  await db.schema
    .createIndex('promotion_clicks_ip_counted_idx')
    .on('promotion_clicks')
    .columns(['receipt_id', 'ip_hash', 'counted', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('promotion_clicks_visitor_counted_idx').execute();
  await db.schema.dropIndex('promotion_clicks_ip_counted_idx').execute();
  await db.schema
    .createIndex('promotion_clicks_visitor_idx')
    .on('promotion_clicks')
    .columns(['receipt_id', 'visitor_hash', 'created_at'])
    .execute();
  await db.schema
    .createIndex('promotion_clicks_ip_idx')
    .on('promotion_clicks')
    .columns(['receipt_id', 'ip_hash', 'created_at'])
    .execute();
}
