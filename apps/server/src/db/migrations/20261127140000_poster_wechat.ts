/**
 * The support poster's WeChat ID (issue 20): a phone cannot scan the QR on its own screen, so the popover offers to
 * copy the ID to add in WeChat instead. '' when the poster has none (the copy action is then left out).
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and typed against no app schema
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('posters')
    .addColumn('wechat_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('posters').dropColumn('wechat_id').execute();
}
