/** SQL for uploaded images: a creator's recent uploads and stored bytes, and the old ones a clean-up looks at. */
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, ImageTable } from '../../db/schema.js';

export class ImageRepository {
  constructor(private readonly db: Db) {}

  async insert(row: ImageTable, executor: Kysely<Database> = this.db): Promise<void> {
    await executor.insertInto('images').values(row).execute();
  }

  /** How many images the creator uploaded after `since`, and the bytes all their kept images take. */
  async usage(agentId: number, since: number, executor: Kysely<Database>): Promise<{ recent: number; bytes: number }> {
    const row = await executor
      .selectFrom('images')
      .select((eb) => [
        eb.fn.sum<number | string | null>(eb.case().when('created_at', '>', since).then(1).else(0).end()).as('recent'),
        eb.fn.sum<number | string | null>('size_bytes').as('bytes'),
      ])
      .where('agent_id', '=', agentId)
      .executeTakeFirstOrThrow();
    return { recent: Number(row.recent ?? 0), bytes: Number(row.bytes ?? 0) };
  }

  /** Names of images uploaded before `before`, in name order after `after` (a page of the clean-up). */
  async namesBefore(before: number, after: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('images')
      .select('name')
      .where('created_at', '<', before)
      .where('name', '>', after)
      .orderBy('name')
      .limit(limit)
      .execute();
    return rows.map((row) => row.name);
  }

  /** True when this call removed the row (a second clean-up running at once finds it gone). */
  async delete(name: string): Promise<boolean> {
    const result = await this.db.deleteFrom('images').where('name', '=', name).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
