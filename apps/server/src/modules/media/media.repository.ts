/** SQL for the media library. Every read and write is scoped to the owning agent; deleted rows are kept, hidden. */
import type { MediaKind, MediaStatus, MediaType } from '@cc/contracts';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { MediaTable, MediaUploadTable } from '../../db/schema.js';

export type MediaRow = Selectable<MediaTable>;
export type MediaUploadRow = Selectable<MediaUploadTable>;

export interface MediaFilter {
  folder?: string;
  tag?: string;
  keyword?: string;
  kind?: MediaKind;
  type?: MediaType;
  status?: MediaStatus;
}

/** LIKE pattern of a user's text: `%`, `_` and the escape character match themselves. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class MediaRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<MediaTable>, executor: Db = this.db): Promise<number> {
    const inserted = await executor.insertInto('media').values(row).returning('id').executeTakeFirstOrThrow();
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

  byUpload(uploadId: string, executor: Db = this.db) {
    return executor.selectFrom('media').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
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
    if (filter.type) query = query.where('type', '=', filter.type);
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

  /** A processed item becomes ready, unless it was deleted meanwhile (false: its new files are the caller's). */
  async finishProcessing(id: number, fields: Updateable<MediaTable>): Promise<boolean> {
    const result = await this.db
      .updateTable('media')
      .set(fields)
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
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
  async usedBytes(agentId: number, executor: Db = this.db): Promise<{ used: number; count: number }> {
    const row = await executor
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

  /** An item still 处理中 becomes 失败 with the reason and holds no quota; true for the caller that did it. */
  async failProcessing(id: number, error: string): Promise<boolean> {
    const result = await this.db
      .updateTable('media')
      .set({ status: 'failed', error, size_bytes: 0 })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // ---- uploads in progress --------------------------------------------------------------------------------------

  upload(id: string, executor: Db = this.db) {
    return executor.selectFrom('media_uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertUpload(row: Insertable<MediaUploadTable>, executor: Db): Promise<void> {
    await executor.insertInto('media_uploads').values(row).execute();
  }

  async setReservedBytes(id: string, reservedBytes: number, executor: Db): Promise<void> {
    await executor.updateTable('media_uploads').set({ reserved_bytes: reservedBytes }).where('id', '=', id).execute();
  }

  async deleteUpload(id: string, executor: Db = this.db): Promise<void> {
    await executor.deleteFrom('media_uploads').where('id', '=', id).execute();
  }

  /** Bytes the agent's unexpired uploads in progress hold, one of them (the one being checked) left out. */
  async reservedBytes(agentId: number, now: number, exceptId: string, executor: Db): Promise<number> {
    const row = await executor
      .selectFrom('media_uploads')
      .select((eb) => eb.fn.sum<number | string | null>('reserved_bytes').as('reserved'))
      .where('agent_id', '=', agentId)
      .where('expires_at', '>', now)
      .where('id', '!=', exceptId)
      .executeTakeFirstOrThrow();
    return Number(row.reserved ?? 0);
  }

  /** Uploads whose time ran out, oldest first. */
  expiredUploads(now: number, limit: number) {
    return this.db
      .selectFrom('media_uploads')
      .selectAll()
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
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
