/**
 * The video tools as the creator uses them (issue 9 §1): what each tool costs, accepting a run (price spent once,
 * on the job's own ledger key, before anything is queued), reading and cancelling jobs, planning a mixed cut from
 * the media's analyses, and the sweep that never leaves a job queued or running for ever. The work itself is the
 * runner's (`tool-runner.ts`), in whichever process takes the job.
 */
import { EventEmitter } from 'node:events';
import { createHash } from 'node:crypto';
import {
  JOB_TOOLS,
  MAX_JOB_MEDIA,
  MAX_OUTPUT_COUNT,
  MAX_SCRIPT_COUNT,
  NAV_TOOLS,
  TOOL_LABELS,
  isTerminalToolJob,
  type CreateJob,
  type JobOutput,
  type MixcutPlan,
  type Quote,
  type ToolInfo,
  type ToolJob,
  type ToolJobStatus,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { appError } from '../../errors.js';
import type { JobView } from '../../jobs/job-queue.js';
import type { CreditService } from '../credit/credit.service.js';
import { isoTime } from '../paging.js';
import { quoteJob, type ToolPrices } from './tool-pricing.js';
import type { ToolMediaLibrary } from './tool-media.js';
import type { ToolJobRow, ToolRepository } from './tool.repository.js';
import { checkTimeline } from './video/plan.js';
import { planFromAnalyses, type StoredAnalysis } from './tool-plan.js';

/** One output as the job row keeps it; addresses are made when it is read. */
export interface ToolJobOutputRow {
  media_id: number;
  source_media_id?: number;
  script_index?: number;
  similarity?: number;
  similarity_note?: string;
}

export const chargeKeyOf = (jobId: number) => `tool-job:${jobId}`;
export const analyzeKeyOf = (mediaId: number) => `analyze:${mediaId}`;

const DESCRIPTIONS: Record<(typeof NAV_TOOLS)[number], string> = {
  mixcut: '自动分析剧集高光，按剪辑策略生成 60~300 秒的混剪成片',
  commentary: 'AI 撰写解说文案并配音，生成影视解说视频',
  translate: '识别字幕并翻译，生成双语或译文字幕视频',
  dedup: '十种去重方式组合处理，并校验成片与原片的相似度',
  media: '上传和管理视频素材，一键添加任务剧集',
  publish: '一键发布成片到多个媒体账号',
};

/** How long a live job may go untouched before the sweep looks at it: workers write at least every few seconds. */
const STALE_MS = 3 * 60_000;
/** A row whose price was never spent is dropped after this long (its request died half-way). */
const UNCHARGED_MS = 60_000;

export interface ToolServiceDeps {
  tools: ToolRepository;
  credits: Pick<CreditService, 'spendPoints' | 'refundPoints'>;
  media: ToolMediaLibrary;
  enqueueRun(toolJobId: number): Promise<string>;
  enqueueAnalyze(agentId: number, mediaId: number): Promise<string>;
  engineJob(id: string): Promise<JobView | null>;
  prices: ToolPrices;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Same-process signal that a job changed (live progress streams wake on it; others poll). */
  events?: EventEmitter;
}

export class ToolService {
  readonly events: EventEmitter;

  constructor(private readonly deps: ToolServiceDeps) {
    this.events = deps.events ?? new EventEmitter();
    this.events.setMaxListeners(0);
  }

  list(): ToolInfo[] {
    const tools: ToolInfo[] = NAV_TOOLS.map((id) => {
      const runnable = (JOB_TOOLS as readonly string[]).includes(id);
      const price = runnable ? this.deps.prices[id as CreateJob['tool']] : { perOutput: 0, perMinute: 0 };
      return {
        id,
        name: TOOL_LABELS[id],
        description: DESCRIPTIONS[id],
        status: runnable || id === 'media' ? 'available' : 'coming_soon',
        price: { per_output: price.perOutput, per_minute: price.perMinute },
        limits: {
          max_media: runnable ? MAX_JOB_MEDIA : 0,
          max_outputs: runnable ? MAX_OUTPUT_COUNT : 0,
          max_scripts: id === 'mixcut' ? MAX_SCRIPT_COUNT : 0,
        },
      };
    });
    return tools;
  }

  async quote(agentId: number, job: CreateJob): Promise<Quote> {
    const media = await this.deps.media.requireReady(agentId, job.media_ids);
    const durations = new Map(media.map((m) => [m.id, m.duration]));
    if (job.tool === 'mixcut' && job.config.scripts) {
      for (const script of job.config.scripts) {
        const problem = script.clips.some((clip) => !durations.has(clip.media_id))
          ? '时间线中的片段须来自所选素材'
          : checkTimeline(script.clips, durations);
        if (problem) throw appError('toolTimelineInvalid', problem);
      }
    }
    return quoteJob(job, durations, this.deps.prices);
  }

  /**
   * Accepts a run: the price is spent on the job's own key before the job is queued, so a short balance queues
   * nothing and a retried request (same `requestKey`) is the same job, charged once.
   */
  async create(agentId: number, job: CreateJob, requestKey?: string): Promise<{ job_id: string; price: number }> {
    if (requestKey) {
      const existing = await this.deps.tools.byRequestKey(agentId, requestKey);
      if (existing?.charged === 1) return { job_id: String(existing.id), price: existing.price };
      if (existing) return this.charge(existing);
    }
    const quote = await this.quote(agentId, job);
    const now = this.deps.clock.now();
    let id: number;
    try {
      id = await this.deps.tools.insert({
        agent_id: agentId,
        tool: job.tool,
        status: 'queued',
        stage: '排队中',
        price: quote.price,
        media_ids: JSON.stringify(job.media_ids),
        config: JSON.stringify(job.config),
        request_key: requestKey ?? null,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // The same request raced itself: the other one owns the job.
      const other = requestKey ? await this.deps.tools.byRequestKey(agentId, requestKey) : undefined;
      if (other) return { job_id: String(other.id), price: other.price };
      throw error;
    }
    const row = await this.deps.tools.get(id);
    return this.charge(row!);
  }

  private async charge(row: ToolJobRow): Promise<{ job_id: string; price: number }> {
    if (row.price > 0) {
      try {
        await this.deps.credits.spendPoints(
          row.agent_id,
          row.price,
          chargeKeyOf(row.id),
          `${TOOL_LABELS[row.tool as CreateJob['tool']]}消耗积分`,
        );
      } catch (error) {
        await this.deps.tools.deleteUncharged(row.id);
        throw error;
      }
    }
    await this.deps.tools.markCharged(row.id, this.deps.clock.now());
    await this.deps.enqueueRun(row.id);
    return { job_id: String(row.id), price: row.price };
  }

  async get(agentId: number, id: number): Promise<ToolJob> {
    const row = await this.deps.tools.owned(agentId, id);
    if (!row) throw appError('toolJobNotFound');
    return (await this.toToolJobs(agentId, [row]))[0]!;
  }

  /** The job's state as a change stamp, for streams that only send what changed. */
  async stamp(agentId: number, id: number): Promise<string | null> {
    const row = await this.deps.tools.owned(agentId, id);
    return row ? `${row.updated_at}:${row.status}:${row.progress}:${row.stage}` : null;
  }

  async page(
    agentId: number,
    filter: { tool?: CreateJob['tool']; status?: ToolJobStatus },
    limit: number,
    offset: number,
  ): Promise<{ data: ToolJob[]; total: number }> {
    const { rows, total } = await this.deps.tools.page(agentId, filter, limit, offset);
    return { data: await this.toToolJobs(agentId, rows), total };
  }

  /**
   * A queued job ends here and now; a running one is asked to stop (its runner kills ffmpeg within a second, in
   * whichever process it runs) and ends cancelled. Either way its points come back, once.
   */
  async cancel(agentId: number, id: number): Promise<ToolJob> {
    const row = await this.deps.tools.owned(agentId, id);
    if (!row) throw appError('toolJobNotFound');
    if (isTerminalToolJob(row.status)) throw appError('toolJobNotCancellable');
    const now = this.deps.clock.now();
    if (row.status === 'queued' && (await this.deps.tools.finish(id, 'cancelled', { stage: '已取消' }, now))) {
      await this.refund(row, 'cancelled');
    } else {
      await this.deps.tools.requestCancel(id, now);
      this.events.emit('cancel', id);
    }
    this.changed(id);
    return this.get(agentId, id);
  }

  /** Gives a failed or cancelled job's points back; safe to call again (the refund has its own key). */
  async refund(row: Pick<ToolJobRow, 'id' | 'agent_id' | 'tool' | 'price'>, why: 'failed' | 'cancelled') {
    if (row.price <= 0) return;
    const label = TOOL_LABELS[row.tool as CreateJob['tool']];
    await this.deps.credits.refundPoints(
      row.agent_id,
      chargeKeyOf(row.id),
      `${label}任务${why === 'failed' ? '失败' : '取消'}，退还积分`,
    );
  }

  changed(id: number): void {
    this.events.emit('changed', id);
  }

  async isMediaInUse(agentId: number, mediaId: number): Promise<boolean> {
    return (await this.deps.tools.liveMediaIds(agentId)).has(mediaId);
  }

  /**
   * The mixed cut's timelines for review. Media not analysed yet are queued for analysis (once each) and the answer
   * is `analyzing` with how far it got; the creator's page asks again.
   */
  async plan(agentId: number, job: CreateJob & { tool: 'mixcut' }): Promise<MixcutPlan> {
    const media = await this.deps.media.requireReady(agentId, job.media_ids);
    const stored = new Map(
      (await this.deps.tools.analyses(media.map((m) => m.id))).map((row) => [row.media_id, row as StoredAnalysis]),
    );
    const missing = media.filter((m) => !stored.has(m.id));
    for (const medium of missing) {
      const engineId = await this.deps.enqueueAnalyze(agentId, medium.id);
      const engineJob = await this.deps.engineJob(engineId);
      if (engineJob?.status === 'failed')
        throw appError('toolMediaNotReady', `素材「${medium.name}」分析失败，请换一个视频后重试`);
    }
    if (missing.length > 0) {
      return {
        status: 'analyzing',
        progress: Math.floor(((media.length - missing.length) / media.length) * 100),
        range: { min: 0, max: 0 },
        scripts: [],
      };
    }
    const seed = seedOf(JSON.stringify([job.media_ids, job.config.cut_type, job.config.cut_duration]));
    const plan = planFromAnalyses(
      media.map((m) => ({ mediaId: m.id, stored: stored.get(m.id)! })),
      job.config,
      seed,
    );
    return { status: 'ready', progress: 100, ...plan };
  }

  /**
   * Finds live jobs nobody is moving: queued ones are queued again (the queue entry is idempotent on the job), ones
   * whose engine job has failed for good (its worker died on every attempt) or that ran past their time are failed
   * and refunded, and rows whose price was never spent are dropped.
   */
  async sweep(timeoutMs: number): Promise<number> {
    const now = this.deps.clock.now();
    const stale = await this.deps.tools.stale(now - Math.min(STALE_MS, UNCHARGED_MS));
    let handled = 0;
    for (const row of stale) {
      try {
        if (row.charged === 0) {
          if (row.updated_at < now - UNCHARGED_MS) await this.deps.tools.deleteUncharged(row.id);
          continue;
        }
        const engineJob = await this.deps.engineJob(await this.deps.enqueueRun(row.id));
        const engineGaveUp = engineJob === null || engineJob.status === 'failed' || engineJob.status === 'succeeded';
        const overdue = row.started_at !== null && row.started_at < now - timeoutMs - STALE_MS;
        if ((row.updated_at < now - STALE_MS && engineGaveUp) || overdue) {
          await this.failAndRefund(row, overdue ? '处理超时，积分已退还' : '处理中断（工作进程失联），积分已退还');
          handled += 1;
        }
      } catch (error) {
        this.deps.log.error({ err: error, toolJobId: row.id }, 'tool job sweep failed for one job');
      }
    }
    return handled;
  }

  async failAndRefund(row: ToolJobRow, error: string): Promise<void> {
    await this.deps.media.deleteOutputsOf(row.agent_id, String(row.id));
    if (await this.deps.tools.finish(row.id, 'failed', { error, stage: '失败' }, this.deps.clock.now())) {
      await this.refund(row, 'failed');
      this.changed(row.id);
    }
  }

  private async toToolJobs(agentId: number, rows: ToolJobRow[]): Promise<ToolJob[]> {
    const outputRows = rows.map((row) => JSON.parse(row.outputs) as ToolJobOutputRow[]);
    const media = await this.deps.media.describe(
      agentId,
      outputRows.flat().map((o) => o.media_id),
    );
    return rows.map((row, i) => {
      const outputs: JobOutput[] = outputRows[i]!.flatMap((o) => {
        const medium = media.get(o.media_id);
        if (!medium) return [];
        return [
          {
            media_id: o.media_id,
            name: medium.name,
            url: medium.url,
            download_url: medium.download_url,
            poster_url: medium.poster_url,
            duration: medium.duration,
            ...(o.similarity !== undefined && { similarity: o.similarity }),
            ...(o.similarity_note !== undefined && { similarity_note: o.similarity_note }),
            ...(o.source_media_id !== undefined && { source_media_id: o.source_media_id }),
            ...(o.script_index !== undefined && { script_index: o.script_index }),
          },
        ];
      });
      return {
        job_id: String(row.id),
        tool: row.tool as CreateJob['tool'],
        status: row.status,
        progress: row.progress,
        stage: row.stage,
        price: row.price,
        media_ids: JSON.parse(row.media_ids) as number[],
        config: JSON.parse(row.config) as Record<string, unknown>,
        outputs,
        logs: JSON.parse(row.logs) as string[],
        ...(row.error && { error: row.error }),
        created_at: isoTime(row.created_at),
        started_at: row.started_at === null ? null : isoTime(row.started_at),
        finished_at: row.finished_at === null ? null : isoTime(row.finished_at),
      };
    });
  }
}

/** A 31-bit seed from text: the same request plans the same timelines. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) >>> 1;
}
