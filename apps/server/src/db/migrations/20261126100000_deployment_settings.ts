/**
 * Values that belong to one deployment's database and are made once, at its first start: the prefix of
 * every Alipay out_biz_no among them, so that two databases on one Alipay app never send the same out_biz_no.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('deployment_settings')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('deployment_settings').execute();
}
