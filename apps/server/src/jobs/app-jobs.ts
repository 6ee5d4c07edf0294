/**
 * The application's job table: every background job kind of the product, its policy, and the service call that
 * handles it. Add a kind to `appJobSpecs` and its handler to `defineJobTable`; the build fails without both.
 */
import { z } from 'zod';
import type { OrderService } from '../modules/order/order.service.js';
import type { RefundService } from '../modules/payment/refund.service.js';
import type { WithdrawalService } from '../modules/withdrawal/withdrawal.service.js';
import type { SettlementService } from '../modules/settlement/settlement.service.js';
import type { MediaService } from '../modules/media/media.service.js';
import type { ImageService } from '../modules/image/image.service.js';
import type { ToolRunner } from '../modules/tool/tool-runner.js';
import type { ToolService } from '../modules/tool/tool.service.js';
import type { JobQueue } from './job-queue.js';
import { checkJobTable, type JobSpecs, type JobTable } from './job-table.js';

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
  /** One payout job per attempt: the attempt's out_biz_no. */
  withdrawalPayout: (outBizNo: string) => outBizNo,
};
export type AppJobs = JobQueue<AppJobSpecs>;

/** The services job handlers call. */
export interface JobServices {
  orders: Pick<OrderService, 'expireDue' | 'cancelDueTrades'>;
  refunds: Pick<RefundService, 'processDue'>;
  withdrawals: Pick<WithdrawalService, 'payout' | 'requeueWaitingPayouts'>;
  settlement: Pick<SettlementService, 'settleDueShares'>;
  media: Pick<MediaService, 'process' | 'processingGaveUp' | 'removeExpiredUploads'>;
  images: Pick<ImageService, 'removeUnused'>;
  tools: {
    runner: Pick<ToolRunner, 'run' | 'analyze'>;
    service: Pick<ToolService, 'sweep'>;
    /** TOOL_CONCURRENCY: ffmpeg runs per worker process. */
    concurrency: number;
    timeoutMs: number;
  };
}

export function defineJobTable({
  orders,
  refunds,
  withdrawals,
  settlement,
  media,
  images,
  tools,
}: JobServices): JobTable<AppJobSpecs> {
  const specs = {
    ...appJobSpecs,
    'tool.run': { ...appJobSpecs['tool.run'], concurrency: tools.concurrency },
  } satisfies JobSpecs;
  return checkJobTable(specs, {
    // Isolating each order (own try/catch, oldest first) is expireDue's duty, as for every sweep (job-table.ts).
    'order.timeout-sweep': async (_input, { log }) => {
      const expired = await orders.expireDue();
      if (expired > 0) log.info({ expired }, 'pending orders timed out');
    },
    'payment.cancel-sweep': async (_input, { log }) => {
      const tried = await orders.cancelDueTrades();
      if (tried > 0) log.info({ tried }, 'ended trades cancelled at Alipay');
    },
    'payment.refund-sweep': async (_input, { log }) => {
      const tried = await refunds.processDue();
      if (tried > 0) log.info({ tried }, 'pending refunds tried');
    },
    'withdrawal.payout': async ({ cash_out_id, out_biz_no }, { log }) => {
      const outcome = await withdrawals.payout(cash_out_id, out_biz_no);
      log.info({ cashOutId: cash_out_id, outBizNo: out_biz_no, outcome }, 'withdrawal payout');
    },
    'withdrawal.payout-sweep': async (_input, { log }) => {
      const waiting = await withdrawals.requeueWaitingPayouts();
      if (waiting > 0) log.info({ waiting }, 'payouts in progress checked for a live job');
    },
    'settlement.run': async (_input, { log }) => {
      const { runId, settledCount, amountFen } = await settlement.settleDueShares();
      if (settledCount > 0) log.info({ runId, settledCount, amountFen }, 'due shares settled');
    },
    'image.cleanup': async (_input, { log }) => {
      const removed = await images.removeUnused();
      if (removed > 0) log.info({ removed }, 'unused images removed');
    },
    'media.process': async ({ media_id }, { attempt }) => {
      try {
        await media.process(media_id);
      } catch (error) {
        // The last attempt: the item must not stay 处理中 for ever, holding its quota.
        if (attempt >= specs['media.process'].retry.attempts) await media.processingGaveUp(media_id);
        throw error;
      }
    },
    'media.upload-sweep': async (_input, { log }) => {
      const removed = await media.removeExpiredUploads();
      if (removed > 0) log.info({ removed }, 'expired uploads removed');
    },
    'tool.run': ({ tool_job_id }, { attempt }) => tools.runner.run(tool_job_id, { attempt }),
    'tool.analyze': ({ agent_id, media_id }) => tools.runner.analyze(agent_id, media_id),
    'tool.sweep': async (_input, { log }) => {
      const ended = await tools.service.sweep(tools.timeoutMs);
      if (ended > 0) log.warn({ ended }, 'stale tool jobs failed and refunded');
    },
  });
}
