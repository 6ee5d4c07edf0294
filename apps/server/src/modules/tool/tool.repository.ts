/**
 * SQL for tool jobs and media analyses. State changes are conditional updates on the row's status, so a job
 * finishes once however many workers, sweeps and cancel calls race for it.
 */
import type { ToolJobStatus } from '@cc/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ToolJobTable } from '../../db/schema.js';

export type ToolJobRow = Selectable<ToolJobTable>;

const LIVE: ToolJobStatus[] = ['queued', 'running'];

export class ToolRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<ToolJobTable>): Promise<number> {
    const inserted = await this.db.insertInto('tool_jobs').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  byRequestKey(agentId: number, key: string) {
    return this.db
      .selectFrom('tool_jobs')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('request_key', '=', key)
      .executeTakeFirst();
  }

  async markCharged(id: number, now: number): Promise<void> {
    await this.db.updateTable('tool_jobs').set({ charged: 1, updated_at: now }).where('id', '=', id).execute();
  }

  /** Removes a row whose price was never spent: it was never a job. */
  async deleteUncharged(id: number): Promise<void> {
    await this.db.deleteFrom('tool_jobs').where('id', '=', id).where('charged', '=', 0).execute();
  }

  get(id: number) {
    return this.db.selectFrom('tool_jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  owned(agentId: number, id: number) {
    return this.db
      .selectFrom('tool_jobs')
      .selectAll()
      .where('id', '=', id)
      .where('agent_id', '=', agentId)
      .where('charged', '=', 1)
      .executeTakeFirst();
  }

  async page(agentId: number, filter: { tool?: string; status?: ToolJobStatus }, limit: number, offset: number) {
    let query = this.db.selectFrom('tool_jobs').where('agent_id', '=', agentId).where('charged', '=', 1);
    if (filter.tool) query = query.where('tool', '=', filter.tool);
    if (filter.status) query = query.where('status', '=', filter.status);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Takes a queued (or a dead worker's running) job for this attempt; false when it already ended. */
  async start(id: number, attempt: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('tool_jobs')
      .set((eb) => ({
        status: 'running',
        attempt,
        progress: 0,
        stage: '准备中',
        outputs: '[]',
        logs: '[]',
        heartbeat_at: now,
        updated_at: now,
        started_at: eb.fn.coalesce('started_at', eb.val(now)),
      }))
      .where('id', '=', id)
      .where('status', 'in', LIVE)
      .where('cancel_requested', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Records progress; answers whether the job should stop (cancel asked, or it ended meanwhile). */
  async progress(id: number, progress: number, stage: string, logs: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('tool_jobs')
      .set({ progress, stage, logs, heartbeat_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('cancel_requested', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) !== 1;
  }

  async shouldStop(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('tool_jobs')
      .select(['status', 'cancel_requested'])
      .where('id', '=', id)
      .executeTakeFirst();
    return !row || row.status !== 'running' || row.cancel_requested === 1;
  }

  /** Ends a live job; true for the one caller that did it. A success does not overwrite a cancel asked meanwhile. */
  async finish(
    id: number,
    status: Exclude<ToolJobStatus, 'queued' | 'running'>,
    fields: { outputs?: string; error?: string | null; stage: string; progress?: number; logs?: string },
    now: number,
    unlessCancelAsked = false,
  ): Promise<boolean> {
    let update = this.db
      .updateTable('tool_jobs')
      .set({ status, ...fields, finished_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', LIVE);
    if (unlessCancelAsked) update = update.where('cancel_requested', '=', 0);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A running job whose worker is closing goes back to queued (the engine delivers it again). */
  async requeue(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('tool_jobs')
      .set({ status: 'queued', progress: 0, stage: '服务重启，等待继续处理', outputs: '[]', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('cancel_requested', '=', 0)
      .execute();
  }

  async requestCancel(id: number, now: number): Promise<void> {
    await this.db
      .updateTable('tool_jobs')
      .set({ cancel_requested: 1, stage: '正在取消', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .execute();
  }

  /** Media ids of the agent's jobs still queued or running. */
  async liveMediaIds(agentId: number): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('tool_jobs')
      .select('media_ids')
      .where('agent_id', '=', agentId)
      .where('status', 'in', LIVE)
      .where('charged', '=', 1)
      .execute();
    return new Set(rows.flatMap((row) => JSON.parse(row.media_ids) as number[]));
  }

  /** Live jobs not touched since `before` (dead workers, lost queue entries) and rows never charged. */
  stale(before: number) {
    return this.db
      .selectFrom('tool_jobs')
      .selectAll()
      .where('status', 'in', LIVE)
      .where('updated_at', '<', before)
      .orderBy('id')
      .limit(200)
      .execute();
  }

  async analyses(mediaIds: number[]) {
    if (mediaIds.length === 0) return [];
    return this.db.selectFrom('media_analyses').selectAll().where('media_id', 'in', mediaIds).execute();
  }

  async saveAnalysis(mediaId: number, version: number, analysis: string, now: number): Promise<void> {
    await this.db
      .insertInto('media_analyses')
      .values({ media_id: mediaId, version, analysis, created_at: now })
      .onConflict((oc) => oc.column('media_id').doUpdateSet({ version, analysis, created_at: now }))
      .execute();
  }
}
