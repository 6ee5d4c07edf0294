/**
 * The behaviour every job queue driver must show, run by `db-queue.api.test.ts` (SQLite, PostgreSQL) and
 * `bullmq-queue.redis.test.ts` (Redis). A factory makes queues on one shared store, so a second queue plays a
 * restarted or a second process.
 */
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { systemClock } from '../src/clock.js';
import { AppError } from '../src/errors.js';
import type { JobQueue, JobQueueOptions } from '../src/jobs/job-queue.js';
import { checkJobTable, type JobContext, type JobSpecs } from '../src/jobs/job-table.js';

export interface QueueStore {
  makeQueue<Specs extends JobSpecs>(options: JobQueueOptions<Specs>): JobQueue<Specs>;
  close(): Promise<void>;
}

/** Polls `check` until it holds (or fails the test after `timeoutMs`). */
export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

/** Removes a test's Redis keys. */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const silentLog = Fastify({ logger: false }).log;

const specs = {
  'test.echo': {
    input: z.object({ n: z.number().int() }),
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 2,
  },
  'test.flaky': {
    input: z.object({ failures: z.number().int() }),
    retry: { attempts: 3, backoffMs: 40, backoff: 'exponential' },
    concurrency: 1,
  },
  'test.slow': {
    input: z.object({}),
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
  },
  'test.tick': {
    input: z.object({}),
    retry: { attempts: 1, backoffMs: 0, backoff: 'fixed' },
    concurrency: 1,
    schedule: { everyMs: 150 },
  },
} satisfies JobSpecs;

export function describeJobQueue(label: string, openStore: () => Promise<QueueStore>): void {
  describe(`job queue: ${label}`, () => {
    let store: QueueStore;
    const opened: JobQueue<typeof specs>[] = [];
    const echoed: number[] = [];
    const flakyRuns: { at: number; attempt: number }[] = [];
    const ticks: number[] = [];
    let slowFinished = false;
    let flakyFailuresLeft = 0;

    function makeQueue(name = 'a') {
      const table = checkJobTable(specs, {
        'test.echo': async ({ n }) => void echoed.push(n),
        'test.flaky': async (_input, { attempt }: JobContext) => {
          flakyRuns.push({ at: Date.now(), attempt });
          if (flakyFailuresLeft > 0) {
            flakyFailuresLeft -= 1;
            throw new Error('下游暂时不可用');
          }
        },
        'test.slow': async () => {
          await sleep(300);
          slowFinished = true;
        },
        'test.tick': async (_input, { runAt }) => void ticks.push(runAt),
      });
      const queue = store.makeQueue({
        table,
        clock: systemClock,
        log: silentLog,
        leaseMs: 2_000,
        pollMs: 25,
        workerId: `${label}-${name}-${opened.length}`,
      });
      opened.push(queue);
      return queue;
    }

    beforeAll(async () => {
      store = await openStore();
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((queue) => queue.close()));
    });
    afterAll(async () => {
      await store.close();
    });

    it('runs a queued job with its input and records it as succeeded', async () => {
      const queue = makeQueue();
      await queue.start();
      const id = await queue.enqueue('test.echo', { n: 7 });
      const job = await waitFor(async () => {
        const found = await queue.get(id);
        return found?.status === 'succeeded' && found;
      });
      expect(echoed).toContain(7);
      expect(job).toMatchObject({ kind: 'test.echo', attempts: 1, maxAttempts: 1, lastError: null });
      expect(job.startedAt).not.toBeNull();
      expect(job.finishedAt).not.toBeNull();
    });

    it('refuses an input its kind does not accept', async () => {
      const queue = makeQueue();
      await expect(queue.enqueue('test.echo', { n: 'seven' } as never)).rejects.toThrow();
    });

    it('runs a job once per idempotency key', async () => {
      const queue = makeQueue();
      const first = await queue.enqueue('test.echo', { n: 11 }, { key: 'order:11' });
      const second = await queue.enqueue('test.echo', { n: 11 }, { key: 'order:11' });
      expect(second).toBe(first);
      await queue.start();
      await waitFor(async () => (await queue.get(first))?.status === 'succeeded');
      await queue.enqueue('test.echo', { n: 12 });
      await waitFor(async () => echoed.includes(12));
      expect(echoed.filter((n) => n === 11)).toHaveLength(1);
    });

    it('keeps a job due later until its time', async () => {
      const queue = makeQueue();
      await queue.start();
      const runAt = Date.now() + 400;
      const id = await queue.enqueue('test.echo', { n: 21 }, { runAt });
      const job = await waitFor(async () => {
        const found = await queue.get(id);
        return found?.status === 'succeeded' && found;
      });
      expect(job.startedAt).toBeGreaterThanOrEqual(runAt);
    });

    it('keeps a job queued across a restart and runs it in the next process', async () => {
      const before = makeQueue('before');
      const id = await before.enqueue('test.echo', { n: 31 });
      await before.close();
      const after = makeQueue('after');
      await after.start();
      await waitFor(async () => (await after.get(id))?.status === 'succeeded');
      expect(echoed).toContain(31);
    });

    it('retries a failing job with backoff, then marks it failed with the last error', async () => {
      flakyRuns.length = 0;
      flakyFailuresLeft = 3;
      const queue = makeQueue();
      await queue.start();
      const id = await queue.enqueue('test.flaky', { failures: 3 });
      const job = await waitFor(async () => {
        const found = await queue.get(id);
        return found?.status === 'failed' && found;
      });
      expect(job.attempts).toBe(3);
      expect(job.lastError).toContain('下游暂时不可用');
      expect(flakyRuns.map((run) => run.attempt)).toEqual([1, 2, 3]);
      // Exponential backoff: 40 ms before the second run, 80 ms before the third.
      expect(flakyRuns[1]!.at - flakyRuns[0]!.at).toBeGreaterThanOrEqual(40 - 5);
      expect(flakyRuns[2]!.at - flakyRuns[1]!.at).toBeGreaterThanOrEqual(80 - 5);

      await queue.stop();
      const retried = await queue.retry(id);
      expect(retried.status).toBe('queued');
      await queue.start();
      const done = await waitFor(async () => {
        const found = await queue.get(id);
        return found?.status === 'succeeded' && found;
      });
      expect(done.attempts).toBe(1);
      const retryError = await queue.retry(id).catch((error: unknown) => error);
      expect(retryError).toBeInstanceOf(AppError);
      expect((retryError as AppError).key).toBe('jobNotRetryable');
      const missing = await queue.retry(`${id}999`).catch((error: unknown) => error);
      expect((missing as AppError).key).toBe('jobNotFound');
    });

    it('stop() waits for the running handler to finish', async () => {
      slowFinished = false;
      const queue = makeQueue();
      await queue.start();
      const id = await queue.enqueue('test.slow', {});
      await waitFor(async () => (await queue.get(id))?.status === 'running');
      await queue.stop();
      expect(slowFinished).toBe(true);
      expect((await queue.get(id))?.status).toBe('succeeded');
    });

    it('lists jobs by status and kind with a total', async () => {
      const queue = makeQueue();
      const ids = [
        await queue.enqueue('test.echo', { n: 41 }, { runAt: Date.now() + 60_000 }),
        await queue.enqueue('test.echo', { n: 42 }, { runAt: Date.now() + 60_000 }),
      ];
      const queued = await queue.list({ status: 'queued', kind: 'test.echo', limit: 1, offset: 0 });
      expect(queued.total).toBe(2);
      expect(queued.data).toHaveLength(1);
      expect(ids).toContain(queued.data[0]!.id);
      const failed = await queue.list({ status: 'failed', kind: 'test.flaky', limit: 10, offset: 0 });
      expect(failed.total).toBe(0);
      const all = await queue.list({ kind: 'test.echo', limit: 100, offset: 0 });
      expect(all.data.map((job) => job.kind).every((kind) => kind === 'test.echo')).toBe(true);
    });

    it('runs each tick of a scheduled kind once across two processes', async () => {
      ticks.length = 0;
      const first = makeQueue('first');
      const second = makeQueue('second');
      await Promise.all([first.start(), second.start()]);
      await waitFor(async () => ticks.length >= 4);
      await Promise.all([first.stop(), second.stop()]);
      expect(new Set(ticks).size).toBe(ticks.length);
    });
  });
}
