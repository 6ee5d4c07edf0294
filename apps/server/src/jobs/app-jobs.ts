/**
 * The application's job table: every background job kind of the product, its policy, and the service call that
 * handles it. Add a kind to `appJobSpecs` and its handler to the `jobs` of the module that owns it; start-up fails
 * without both.
 */
import { z } from 'zod';
import type { JobQueue } from './job-queue.js';
import type { JobSpecs } from './job-table.js';

const noInput = z.object({});

export const appJobSpecs = {
  /** Pending orders whose 9:59 ran out are closed at Alipay and their wallet holds released. */
  'order.timeout-sweep': {
    input: noInput,
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
    schedule: { everyMs: 30_000 },
  },
  /** Trades we ended whose `alipay.trade.cancel` failed or is unconfirmed are cancelled again (ADR 0010). */
  'payment.cancel-sweep': {
    input: noInput,
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
    schedule: { everyMs: 60_000 },
  },
  /** Over-payments still to be refunded are tried again; after 8 refusals they wait for an operator. */
  'payment.refund-sweep': {
    input: noInput,
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
    schedule: { everyMs: 60_000 },
  },
  /**
   * Pays one attempt (out_biz_no, also the job's key) of an Alipay withdrawal (`alipay.fund.trans.uni.transfer`).
   * Idempotent: it asks Alipay about the out_biz_no first and replays rather than pays again; an unknown outcome
   * retries with backoff, and the sweep below re-queues it if it runs out of attempts (ADR 0013).
   */
  'withdrawal.payout': {
    input: z.object({ cash_out_id: z.number().int().positive(), out_biz_no: z.string().min(1).max(64) }),
    retry: { attempts: 6, backoffMs: 30_000, backoff: 'exponential' },
    concurrency: 2,
  },
  /** Alipay withdrawals in 打款中 without a live payout job (a crash before queueing, attempts run out) get it back. */
  'withdrawal.payout-sweep': {
    input: noInput,
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
    schedule: { everyMs: 5 * 60_000 },
  },
  /** Shares past their hold are settled into wallets in one transaction per run (ADR 0012); a crashed run rolls back. */
  'settlement.run': {
    input: noInput,
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
    schedule: { everyMs: 5 * 60_000 },
  },
  /** Uploaded images that no avatar or cover uses a day after their upload are removed. */
  'image.cleanup': {
    input: noInput,
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
    schedule: { everyMs: 60 * 60_000 },
  },
  /** Probes an upload or episode of the media library, makes its poster and sprite (not a video: failed, removed). */
  'media.process': {
    input: z.object({ media_id: z.number().int().positive() }),
    retry: { attempts: 3, backoffMs: 5_000, backoff: 'exponential' },
    concurrency: 1,
  },
  /** Unfinished uploads past MEDIA_UPLOAD_EXPIRY_HOURS lose their staged bytes and give their quota back. */
  'media.upload-sweep': {
    input: noInput,
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
    schedule: { everyMs: 10 * 60_000 },
  },
  /**
   * One run of a video tool (ADR 0016): renders every output and ends the tool job. A second attempt exists for a
   * worker that died mid-render (the lease ran out); the handler ends the tool job itself on any other failure.
   */
  'tool.run': {
    input: z.object({ tool_job_id: z.number().int().positive() }),
    retry: { attempts: 2, backoffMs: 5_000, backoff: 'fixed' },
    concurrency: 1,
  },
  /** Analyses one medium for the mixed cut's planner (shots, loudness, motion, speech, fingerprints). */
  'tool.analyze': {
    input: z.object({ agent_id: z.number().int().positive(), media_id: z.number().int().positive() }),
    retry: { attempts: 2, backoffMs: 5_000, backoff: 'fixed' },
    concurrency: 1,
  },
  /**
   * Makes one 字幕翻译 subtitle list for review (read or recognised, split into sentences, translated); a failure is
   * written on the list for the creator, so it is not retried here.
   */
  'tool.translate-subtitles': {
    input: z.object({ cache_key: z.string().min(1).max(64), attempt: z.number().int().positive() }),
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
  },
  /** Writes a 影视解说 script preview (analyses, dialogue, the language service) and keeps it. */
  'tool.commentary-script': {
    input: z.object({ script_id: z.number().int().positive() }),
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
  },
  /** Tool jobs nobody moves are queued again, or failed and refunded when their worker died for good. */
  'tool.sweep': {
    input: noInput,
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
    schedule: { everyMs: 60_000 },
  },
} satisfies JobSpecs;

export type AppJobSpecs = typeof appJobSpecs;

/**
 * The idempotency key of each per-item job, defined once: a second enqueue with the same key answers the first job,
 * so a key must never change shape between releases (queued rows keep the old one).
 */
export const jobKeys = {
  /** One processing job per library item. */
  mediaProcess: (mediaId: number) => `media:${mediaId}`,
  /** One run job per tool job (the same text as the tool job's ledger key, in another namespace). */
  toolRun: (toolJobId: number) => `tool-job:${toolJobId}`,
  /** One analysis per medium, whoever asks for it. */
  toolAnalyze: (mediaId: number) => `analyze:${mediaId}`,
  /** One making per subtitle list and attempt, whoever asks for it. */
  translateSubtitles: (cacheKey: string, attempt: number) => `translate-subtitles:${cacheKey}:${attempt}`,
  /** One writing per start of a script preview (`generation`: when it was started). */
  commentaryScript: (scriptId: number, generation: number) => `commentary-script:${scriptId}:${generation}`,
  /** One payout job per attempt: the attempt's out_biz_no. */
  withdrawalPayout: (outBizNo: string) => outBizNo,
};
export type AppJobs = JobQueue<AppJobSpecs>;

/** The kinds with this process's settings: video runs take TOOL_CONCURRENCY instead of the declared one. */
export function appJobSpecsFor(toolConcurrency: number) {
  return {
    ...appJobSpecs,
    'tool.run': { ...appJobSpecs['tool.run'], concurrency: toolConcurrency },
  } satisfies JobSpecs;
}
