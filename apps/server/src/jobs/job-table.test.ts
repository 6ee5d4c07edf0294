import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appJobSpecs, defineJobTable, jobKeys, type JobServices } from './app-jobs.js';
import { checkJobTable, JobTableError, kindsOf, retryDelayMs, type JobHandlers, type JobSpecs } from './job-table.js';

const specs = {
  'b.second': { input: z.object({}), retry: { attempts: 2, backoffMs: 10, backoff: 'fixed' }, concurrency: 1 },
  'a.first': { input: z.object({}), retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' }, concurrency: 1 },
} satisfies JobSpecs;

const silentLog = Fastify({ logger: false }).log;

/** The app's table over services that do nothing, but for the media ones a test gives. */
function appTable(media: Partial<JobServices['media']> = {}) {
  return defineJobTable({
    orders: { expireDue: async () => 0 },
    alipayTrades: { cancelDueTrades: async () => 0 },
    refunds: { processDue: async () => 0 },
    withdrawals: { payout: async () => 'skipped' as const, requeueWaitingPayouts: async () => 0 },
    settlement: { settleDueShares: async () => ({ runId: null, settledCount: 0, amountFen: 0 }) },
    media: {
      process: async () => undefined,
      processingGaveUp: async () => undefined,
      removeExpiredUploads: async () => 0,
      ...media,
    },
    images: { removeUnused: async () => 0 },
    tools: {
      runner: { run: async () => undefined, analyze: async () => undefined },
      service: { sweep: async () => 0 },
      concurrency: 3,
      timeoutMs: 60_000,
    },
  });
}

describe('job table', () => {
  it('refuses to start when a declared kind has no handler, naming it', () => {
    const handlers = { 'a.first': async () => undefined } as unknown as JobHandlers<typeof specs>;
    expect(() => checkJobTable(specs, handlers)).toThrow(JobTableError);
    expect(() => checkJobTable(specs, handlers)).toThrow('job kind "b.second" has no handler');
  });

  it('refuses a handler for a kind nobody declared', () => {
    const handlers = { 'a.first': async () => undefined, 'b.second': async () => undefined, 'c.stray': async () => 1 };
    expect(() => checkJobTable(specs, handlers)).toThrow('handler "c.stray" has no declared job kind');
  });

  it('binds every kind to its handler and lists kinds in a stable order', () => {
    const table = checkJobTable(specs, { 'a.first': async () => undefined, 'b.second': async () => undefined });
    expect(kindsOf(table)).toEqual(['a.first', 'b.second']);
    expect(table['b.second'].retry.attempts).toBe(2);
  });

  it("builds the app's table: the order timeout sweep every 30 s, the payment sweeps every minute, settlement every 5", () => {
    const table = appTable();
    expect(kindsOf(table)).toEqual(Object.keys(appJobSpecs).sort());
    expect(table['order.timeout-sweep'].schedule).toEqual({ everyMs: 30_000 });
    expect(table['payment.cancel-sweep'].schedule).toEqual({ everyMs: 60_000 });
    expect(table['payment.refund-sweep'].schedule).toEqual({ everyMs: 60_000 });
    expect(table['settlement.run'].schedule).toEqual({ everyMs: 300_000 });
    expect(table['tool.sweep'].schedule).toEqual({ everyMs: 60_000 });
    expect(table['media.upload-sweep'].schedule).toEqual({ everyMs: 600_000 });
    expect(table['image.cleanup'].schedule).toEqual({ everyMs: 3_600_000 });
    // Video jobs take the configured ffmpeg concurrency (TOOL_CONCURRENCY), not the table's default of one.
    expect(table['tool.run'].concurrency).toBe(3);
    expect(appJobSpecs['tool.run'].concurrency).toBe(1);
  });

  it('ends a medium 失败 when media.process fails its last attempt, and only then', async () => {
    const gaveUp: number[] = [];
    const table = appTable({
      process: async () => {
        throw new Error('ffmpeg died');
      },
      processingGaveUp: async (id) => {
        gaveUp.push(id);
      },
    });
    const { attempts } = appJobSpecs['media.process'].retry;
    const run = (attempt: number) =>
      table['media.process'].handler(
        { media_id: 7 },
        { jobId: '1', kind: 'media.process', attempt, runAt: 0, log: silentLog },
      );
    for (let attempt = 1; attempt < attempts; attempt += 1) await expect(run(attempt)).rejects.toThrow('ffmpeg died');
    expect(gaveUp).toEqual([]);
    await expect(run(attempts)).rejects.toThrow('ffmpeg died');
    expect(gaveUp).toEqual([7]);
  });

  it('keys per-item jobs as queued rows already do: one job per medium, tool job, analysis and payout attempt', () => {
    // A key that changed shape would queue a second job beside a row a previous release left.
    expect(jobKeys.mediaProcess(7)).toBe('media:7');
    expect(jobKeys.toolRun(7)).toBe('tool-job:7');
    expect(jobKeys.toolAnalyze(7)).toBe('analyze:7');
    expect(jobKeys.withdrawalPayout('W20261126000001')).toBe('W20261126000001');
  });

  it('waits the fixed backoff, or doubles it per attempt', () => {
    expect(retryDelayMs({ attempts: 5, backoffMs: 100, backoff: 'fixed' }, 3)).toBe(100);
    expect([1, 2, 3].map((n) => retryDelayMs({ attempts: 5, backoffMs: 100, backoff: 'exponential' }, n))).toEqual([
      100, 200, 400,
    ]);
  });
});
