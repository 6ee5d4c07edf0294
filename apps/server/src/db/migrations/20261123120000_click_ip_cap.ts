/**
 * Clicks remember a keyed hash of the visitor's IP alone, so counted clicks can be capped per IP and link: rotating
 * User-Agents no longer makes one IP many visitors. Earlier rows keep '' (no IP hash was stored for them).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('promotion_clicks')
    .addColumn('ip_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('promotion_clicks_ip_idx')
    .on('promotion_clicks')
    .columns(['receipt_id', 'ip_hash', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('promotion_clicks_ip_idx').execute();
  await db.schema.alterTable('promotion_clicks').dropColumn('ip_hash').execute();
}
