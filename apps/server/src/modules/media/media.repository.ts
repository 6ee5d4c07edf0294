/** SQL for the media library. Every read and write is scoped to the owning agent; deleted rows are kept, hidden. */
import type { MediaKind, MediaStatus } from '@cc/contracts';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { MediaTable } from '../../db/schema.js';

export type MediaRow = Selectable<MediaTable>;

export interface MediaFilter {
  folder?: string;
  tag?: string;
  keyword?: string;
  kind?: MediaKind;
  status?: MediaStatus;
}

/** LIKE pattern of a user's text: `%`, `_` and the escape character match themselves. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class MediaRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<MediaTable>): Promise<number> {
    const inserted = await this.db.insertInto('media').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  get(id: number) {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  owned(agentId: number, id: number) {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('id', '=', id)
      .where('agent_id', '=', agentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }

  async ownedMany(agentId: number, ids: number[]): Promise<MediaRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
  }

  byUpload(uploadId: string) {
    return this.db.selectFrom('media').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
  }

  byJob(agentId: number, jobId: string) {
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('job_id', '=', jobId)
      .where('deleted_at', 'is', null)
      .execute();
  }

  episodes(agentId: number, episodeIds: number[]) {
    if (episodeIds.length === 0) return Promise.resolve([] as MediaRow[]);
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('episode_id', 'in', episodeIds)
      .where('deleted_at', 'is', null)
      .execute();
  }

  async page(agentId: number, filter: MediaFilter, limit: number, offset: number) {
    let query = this.db.selectFrom('media').where('agent_id', '=', agentId).where('deleted_at', 'is', null);
    if (filter.folder !== undefined && filter.folder !== '') query = query.where('folder', '=', filter.folder);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.keyword) query = query.where(sql<boolean>`name like ${likeOf(filter.keyword)} escape '\\'`);
    if (filter.tag)
      query = query.where(sql<boolean>`(',' || tags || ',') like ${likeOf(`,${filter.tag},`)} escape '\\'`);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async update(id: number, fields: Updateable<MediaTable>): Promise<void> {
    await this.db.updateTable('media').set(fields).where('id', '=', id).execute();
  }

  /** Marks deleted; true for the caller that did it. */
  async softDelete(agentId: number, id: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('media')
      .set({ deleted_at: now })
      .where('id', '=', id)
      .where('agent_id', '=', agentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Bytes the agent's library holds (failed items hold none: their file is gone). */
  async usedBytes(agentId: number): Promise<{ used: number; count: number }> {
    const row = await this.db
      .selectFrom('media')
      .select((eb) => [
        eb.fn.sum<number | string | null>('size_bytes').as('used'),
        eb.fn.countAll<number | string>().as('n'),
      ])
      .where('agent_id', '=', agentId)
      .where('deleted_at', 'is', null)
      .where('status', '!=', 'failed')
      .executeTakeFirstOrThrow();
    return { used: Number(row.used ?? 0), count: Number(row.n) };
  }

  folders(agentId: number) {
    return this.db
      .selectFrom('media')
      .select((eb) => ['folder', eb.fn.countAll<number | string>().as('n')])
      .where('agent_id', '=', agentId)
      .where('deleted_at', 'is', null)
      .where('folder', '!=', '')
      .groupBy('folder')
      .orderBy('folder')
      .execute();
  }
}
