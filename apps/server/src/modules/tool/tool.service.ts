/**
 * The video tools as the creator uses them: what each tool costs, accepting a run (price spent once,
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
  type CommentaryConfig,
  type CreateJob,
  type JobOutput,
  type MixcutPlan,
  type Quote,
  type ToolInfo,
  type ToolJob,
  type ToolJobStatus,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { appError } from '../../errors.js';
import type { JobView } from '../../jobs/job-queue.js';
import type { CreditService } from '../credit/credit.service.js';
import { isoTime } from '../paging.js';
import { dedupOutputPrice, quoteJob, type ToolPrices } from './tool-pricing.js';
import type { ToolMediaItem, ToolMediaLibrary } from './tool-media.js';
import type { ToolJobRow, ToolRepository } from './tool.repository.js';
import { checkTimeline, mixcutShortfall } from './video/plan.js';
import { planFromAnalyses, usableOfAnalyses, type StoredAnalysis } from './tool-plan.js';
import { AI_TOOLS, type AiTool, type ToolAvailability } from './tool-availability.js';

/** One output as the job row keeps it; addresses are made when it is read. */
export interface ToolJobOutputRow {
  media_id: number;
  source_media_id?: number;
  script_index?: number;
  similarity?: number;
  similarity_note?: string;
  below_goal?: boolean;
  refunded_points?: number;
  subtitle_format?: 'srt' | 'ass';
}

export const chargeKeyOf = (jobId: number) => `tool-job:${jobId}`;

const DESCRIPTIONS: Record<(typeof NAV_TOOLS)[number], string> = {
  mixcut: '自动分析剧集高光，按剪辑策略生成 60~300 秒的混剪成片',
  commentary: 'AI 撰写解说文案并配音，生成影视解说视频',
  translate: '识别字幕并翻译，生成双语或译文字幕视频',
  dedup: '十种去重方式组合处理，并校验成片与原片的相似度',
  media: '上传和管理视频素材，一键添加任务剧集',
  publish: '一键发布成片到多个媒体账号',
};

/** How long a request key answers its job; after that the key may name a new run (ADR 0028). */
export const REQUEST_KEY_TTL_MS = 24 * 60 * 60_000;
/** How long a live job may go untouched before the sweep looks at it: workers write at least every few seconds. */
const STALE_MS = 3 * 60_000;
/** A row whose price was never spent is dropped after this long (its request died half-way). */
const UNCHARGED_MS = 60_000;

export interface ToolServiceDeps {
  tools: ToolRepository;
  credits: Pick<CreditService, 'spendPoints' | 'refundPoints' | 'refundPointsPart'>;
  media: ToolMediaLibrary;
  enqueueRun(toolJobId: number): Promise<string>;
  enqueueAnalyze(agentId: number, mediaId: number): Promise<string>;
  engineJob(id: string): Promise<JobView | null>;
  prices: ToolPrices;
  /** Whether an AI tool can run with the configured AI services, and why not. */
  availability(tool: AiTool): ToolAvailability;
  /** Refuses, before it is priced and charged, a translation that cannot get its words or its voice. */
  checkTranslate?(agentId: number, job: CreateJob & { tool: 'translate' }): Promise<void>;
  /** 影视解说's checks before a charge, answering the seconds it is priced at. */
  commentary: {
    prepareRun(agentId: number, config: CommentaryConfig, media: readonly ToolMediaItem[]): Promise<number>;
  };
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

  /**
   * The nav tools. One is available when it is built and the services it needs are configured; a missing service is
   * named first, as it is what an operator must set up and it stays true once the tool is built.
   */
  list(): ToolInfo[] {
    const tools: ToolInfo[] = NAV_TOOLS.map((id) => {
      const runnable = (JOB_TOOLS as readonly string[]).includes(id);
      const price = runnable ? this.deps.prices[id as CreateJob['tool']] : { perOutput: 0, perMinute: 0 };
      const built = runnable || id === 'media';
      const services = (AI_TOOLS as readonly string[]).includes(id) ? this.deps.availability(id as AiTool) : null;
      const reason = services?.reason ?? (built ? null : '即将上线');
      return {
        id,
        name: TOOL_LABELS[id],
        description: DESCRIPTIONS[id],
        status: built ? 'available' : 'coming_soon',
        available: reason === null,
        unavailable_reason: reason,
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
    const services = this.deps.availability(job.tool);
    if (!services.available) throw appError('toolServiceUnavailable', services.reason ?? undefined);
    const media = await this.deps.media.requireReady(agentId, job.media_ids);
    const durations = new Map(media.map((m) => [m.id, m.duration]));
    if (job.tool === 'mixcut' && job.config.scripts) {
      for (const script of job.config.scripts) {
        const problem = script.clips.some((clip) => !durations.has(clip.media_id))
          ? '时间线中的片段须来自所选素材'
          : checkTimeline(script.clips, durations);
        if (problem) throw appError('toolTimelineInvalid', problem);
      }
    } else if (job.tool === 'mixcut') {
      const shortfall = mixcutShortfall(await this.usableSeconds(media), job.config.cut_duration);
      if (shortfall) throw appError('toolMaterialTooShort', shortfall);
    } else if (job.tool === 'translate') {
      await this.deps.checkTranslate?.(agentId, job);
    } else if (job.tool === 'commentary') {
      const seconds = await this.deps.commentary.prepareRun(agentId, job.config, media);
      return quoteJob(job, durations, this.deps.prices, seconds);
    }
    return quoteJob(job, durations, this.deps.prices);
  }

  /**
   * Seconds of the media a mixed cut can use: from their analyses when every one is analysed (repeats and black
   * picture left out), else their whole length, the most they could give (the run checks again after analysing).
   */
  private async usableSeconds(media: readonly { id: number; duration: number }[]): Promise<number> {
    const stored = await this.deps.tools.analyses(media.map((m) => m.id));
    if (stored.length < media.length) return media.reduce((sum, m) => sum + m.duration, 0);
    return usableOfAnalyses(stored);
  }

  /**
   * Accepts a run: the job row, its number among the creator's jobs, the price spent on the job's own key and the
   * request key are written in one transaction, so a short balance leaves nothing behind, and then the job is queued.
   * A repeat of the same request (same creator, same `requestKey`, same body) answers the first job and spends
   * nothing; the same key with another body is refused. Concurrent repeats meet on the creator's lock (PostgreSQL;
   * SQLite runs one transaction at a time) and on the key's primary key.
   */
  async create(agentId: number, job: CreateJob, requestKey?: string): Promise<{ job_id: string; price: number }> {
    const fingerprint = requestKey ? fingerprintOf(job) : null;
    if (requestKey) {
      const earlier = await this.replay(agentId, requestKey, fingerprint);
      if (earlier) return earlier;
    }
    const quote = await this.quote(agentId, job);
    const { prices, tools, credits, clock } = this.deps;
    let accepted: { job_id: string; price: number; fresh: boolean };
    try {
      accepted = await tools.inTransaction(async (trx) => {
        const now = clock.now();
        await tools.lockCreator(trx, agentId);
        if (requestKey) {
          const earlier = await this.replay(agentId, requestKey, fingerprint, trx);
          if (earlier) return { ...earlier, fresh: false };
        }
        const id = await tools.insert(
          {
            agent_id: agentId,
            agent_seq: await tools.nextSeq(trx, agentId),
            tool: job.tool,
            status: 'queued',
            stage: '排队中',
            price: quote.price,
            price_per_output: prices[job.tool].perOutput,
            price_per_minute: prices[job.tool].perMinute,
            charged: 1,
            media_ids: JSON.stringify(job.media_ids),
            config: JSON.stringify(job.config),
            created_at: now,
            updated_at: now,
          },
          trx,
        );
        if (quote.price > 0) {
          await credits.spendPoints(agentId, quote.price, chargeKeyOf(id), `${TOOL_LABELS[job.tool]}消耗积分`, trx);
        }
        if (requestKey) {
          await tools.insertRequest(trx, {
            agent_id: agentId,
            request_key: requestKey,
            fingerprint,
            tool_job_id: id,
            created_at: now,
            expires_at: now + REQUEST_KEY_TTL_MS,
          });
        }
        return { job_id: String(id), price: quote.price, fresh: true };
      });
    } catch (error) {
      // A repeat that ran at the same moment on another connection committed first: answer its job.
      const earlier = requestKey && isUniqueViolation(error) && (await this.replay(agentId, requestKey, fingerprint));
      if (earlier) return earlier;
      throw error;
    }
    if (accepted.fresh) await this.deps.enqueueRun(Number(accepted.job_id));
    return { job_id: accepted.job_id, price: accepted.price };
  }

  /** The answer to a repeated request key: its job, or a refusal when the body differs; null for a new key. */
  private async replay(
    agentId: number,
    requestKey: string,
    fingerprint: string | null,
    trx?: Transaction<Database>,
  ): Promise<{ job_id: string; price: number } | null> {
    const earlier = await this.deps.tools.requestByKey(agentId, requestKey, this.deps.clock.now(), trx);
    if (!earlier) return null;
    if (earlier.fingerprint !== null && earlier.fingerprint !== fingerprint) throw appError('toolRequestKeyReused');
    return { job_id: String(earlier.tool_job_id), price: earlier.price };
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

  /**
   * Gives back one output's share of its job's price (an output that missed its goal), once per output: the job's
   * unit prices when it was accepted, else an equal share for jobs of earlier versions. Answers the points given back.
   */
  async refundOutput(
    row: Pick<ToolJobRow, 'id' | 'agent_id' | 'tool' | 'price' | 'price_per_output' | 'price_per_minute'>,
    output: { index: number; count: number; sourceSeconds: number },
  ): Promise<number> {
    const share =
      row.price_per_output !== null && row.price_per_minute !== null
        ? dedupOutputPrice(output.sourceSeconds, { perOutput: row.price_per_output, perMinute: row.price_per_minute })
        : Math.floor(row.price / output.count);
    if (share <= 0 || row.price <= 0) return 0;
    return this.deps.credits.refundPointsPart(
      row.agent_id,
      chargeKeyOf(row.id),
      `output:${output.index}`,
      Math.min(share, row.price),
      `${TOOL_LABELS[row.tool as CreateJob['tool']]}成片未达标，退还积分`,
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
    const { usable, ...plan } = planFromAnalyses(
      media.map((m) => ({ mediaId: m.id, stored: stored.get(m.id)! })),
      job.config,
      seed,
    );
    const shortfall = mixcutShortfall(usable, job.config.cut_duration);
    if (shortfall) throw appError('toolMaterialTooShort', shortfall);
    return { status: 'ready', progress: 100, ...plan };
  }

  /**
   * Finds live jobs nobody is moving: queued ones are queued again (the queue entry is idempotent on the job), ones
   * whose engine job has failed for good (its worker died on every attempt) or that ran past their time are failed
   * and refunded, rows whose price was never spent are dropped, and so are request keys past their expiry.
   */
  async sweep(timeoutMs: number): Promise<number> {
    const now = this.deps.clock.now();
    await this.deps.tools.deleteExpiredRequests(now);
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
            ...(o.below_goal && { below_goal: true }),
            ...(o.refunded_points !== undefined && { refunded_points: o.refunded_points }),
            ...(o.subtitle_format && { subtitle_format: o.subtitle_format }),
          },
        ];
      });
      return {
        job_id: String(row.id),
        number: row.agent_seq,
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

/** The request's body in a stable form (keys sorted), hashed: what a repeated key must match. */
export function fingerprintOf(job: CreateJob): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, v]) => v !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, v]) => [k, canonical(v)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(job)))
    .digest('hex');
}

/** A 31-bit seed from text: the same request plans the same timelines. */
export function seedOf(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0) >>> 1;
}
