/**
 * SQL for tool jobs and media analyses. State changes are conditional updates on the row's status, so a job
 * finishes once however many workers, sweeps and cancel calls race for it.
 */
import type { ToolJobStatus } from '@cc/contracts';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Db, DialectKind } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import type { Database, ToolJobRequestTable, ToolJobTable } from '../../db/schema.js';

type Trx = Transaction<Database>;

export type ToolJobRow = Selectable<ToolJobTable>;

const LIVE: ToolJobStatus[] = ['queued', 'running'];

export class ToolRepository {
  constructor(
    private readonly db: Db,
    private readonly kind: DialectKind,
  ) {}

  inTransaction<T>(work: (trx: Trx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /** Serialises the acceptance of one creator's runs (their job numbers, their request keys). */
  lockCreator(trx: Trx, agentId: number): Promise<void> {
    return lockKey(trx, this.kind, `tool-jobs:${agentId}`);
  }

  async insert(row: Insertable<ToolJobTable>, trx: Trx): Promise<number> {
    const inserted = await trx.insertInto('tool_jobs').values(row).returning('id').executeTakeFirstOrThrow();
    return Number(inserted.id);
  }

  /** The number the creator's next job gets: one more than their last. */
  async nextSeq(trx: Trx, agentId: number): Promise<number> {
    const row = await trx
      .selectFrom('tool_jobs')
      .select((eb) => eb.fn.max('agent_seq').as('last'))
      .where('agent_id', '=', agentId)
      .executeTakeFirst();
    return Number(row?.last ?? 0) + 1;
  }

  /** A creator's unexpired request key with the job it made and that job's price. */
  requestByKey(agentId: number, key: string, now: number, executor: Kysely<Database> = this.db) {
    return executor
      .selectFrom('tool_job_requests')
      .innerJoin('tool_jobs', 'tool_jobs.id', 'tool_job_requests.tool_job_id')
      .select(['tool_job_requests.tool_job_id', 'tool_job_requests.fingerprint', 'tool_jobs.price'])
      .where('tool_job_requests.agent_id', '=', agentId)
      .where('tool_job_requests.request_key', '=', key)
      .where('tool_job_requests.expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Records a request key; an expired record of the same key gives way first. */
  async insertRequest(trx: Trx, row: Insertable<ToolJobRequestTable>): Promise<void> {
    await trx
      .deleteFrom('tool_job_requests')
      .where('agent_id', '=', row.agent_id)
      .where('request_key', '=', row.request_key)
      .where('expires_at', '<=', row.created_at)
      .execute();
    await trx.insertInto('tool_job_requests').values(row).execute();
  }

  /** Drops request keys past their expiry (the sweep). */
  async deleteExpiredRequests(now: number): Promise<number> {
    const result = await this.db.deleteFrom('tool_job_requests').where('expires_at', '<=', now).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Removes a row whose price was never spent (left by versions that charged after inserting): it was never a job. */
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
