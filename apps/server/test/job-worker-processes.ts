/**
 * A driver across processes (`job-worker-child.ts` workers): a worker killed with SIGKILL mid-job has its job run
 * again by another worker once the lease ran out, and two worker processes run each scheduled tick once. Run by
 * `job-workers.api.test.ts` (database driver) and `job-workers.redis.test.ts` (BullMQ).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import { createJobQueue, type JobDriver } from '../src/jobs/job-engine.js';
import { createTestDatabase } from './test-app.js';
import { waitFor } from './job-queue-suite.js';
import { createMarksTable, readMarks, TICK_EVERY_MS, workerJobTable } from './job-worker-table.js';

/** The driver a worker process uses; the database one opens the test database itself. */
export type ChildDriver = { kind: 'database' } | Extract<JobDriver, { kind: 'bullmq' }>;

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const childScript = path.join(repoRoot, 'apps/server/test/job-worker-child.ts');
const LEASE_MS = 800;

export function describeWorkerProcesses(label: string, driver: ChildDriver, cleanUp: () => Promise<void>): void {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const children: ChildProcess[] = [];

  function startWorker(workerId: string, env: Record<string, string> = {}): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
      cwd: repoRoot,
      env: {
        ...process.env,
        CC_JOB_TARGET: JSON.stringify(db.target),
        CC_JOB_DRIVER: JSON.stringify(driver),
        CC_WORKER_ID: workerId,
        CC_LEASE_MS: String(LEASE_MS),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    return child;
  }

  /** Resolves once the worker's queue has started. */
  async function ready(child: ChildProcess): Promise<void> {
    let seen = '';
    for await (const chunk of child.stdout!) {
      seen += String(chunk);
      if (seen.includes('ready')) return;
    }
    throw new Error('worker exited before it was ready');
  }

  async function stopWorker(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    await createMarksTable(db.database);
  });

  afterAll(async () => {
    await Promise.all(children.map((child) => stopWorker(child, 'SIGKILL')));
    await db.close();
    await cleanUp();
  });

  /** The queue of an in-test worker, on the same store as the worker processes. */
  function queueFor(worker: string) {
    const table = workerJobTable(db.database, worker, { hang: false });
    const log = Fastify({ logger: false }).log;
    const store: JobDriver = driver.kind === 'database' ? { kind: 'database', database: db.database } : driver;
    return createJobQueue(store, { table, clock: systemClock, log, workerId: worker, leaseMs: LEASE_MS, pollMs: 20 });
  }

  describe(`job workers in separate processes: ${label}`, () => {
    it('runs the job of a worker killed mid-job again in another worker after the lease', async () => {
      const producer = queueFor('producer');
      const id = await producer.enqueue('test.hang', {});

      const doomed = startWorker('doomed', { CC_HANG: '1' });
      await waitFor(async () => (await readMarks(db.database)).some((m) => m.worker === 'doomed'), 20_000);
      const claimed = await producer.get(id);
      expect(claimed).toMatchObject({ status: 'running', attempts: 1 });
      await stopWorker(doomed, 'SIGKILL');
      const killedAt = Date.now();

      const rescuer = queueFor('rescuer');
      await rescuer.start();
      const done = await waitFor(async () => {
        const job = await rescuer.get(id);
        return job?.status === 'succeeded' && job;
      });
      await rescuer.close();
      await producer.close();

      expect(done.attempts).toBe(2);
      const marks = (await readMarks(db.database)).filter((m) => m.job_id === id);
      expect(marks.map((m) => `${m.worker}:${m.event}`)).toEqual(['doomed:started', 'rescuer:started', 'rescuer:done']);
      // The rescuer waited for the dead worker's lease (renewed until the kill) to run out.
      expect(marks[1]!.at).toBeGreaterThanOrEqual(killedAt + LEASE_MS / 3);
    });

    it('two worker processes on one store run each scheduled tick once', async () => {
      const first = startWorker('first');
      const second = startWorker('second');
      await Promise.all([ready(first), ready(second)]);
      const ticksOfPair = async () =>
        (await readMarks(db.database)).filter((m) => m.event === 'tick' && ['first', 'second'].includes(m.worker));
      await waitFor(async () => (await ticksOfPair()).length >= 10, 20_000);
      await Promise.all([stopWorker(first, 'SIGTERM'), stopWorker(second, 'SIGTERM')]);

      const ticks = await ticksOfPair();
      // One row per tick: no slot and no job ran twice, whichever process ran it.
      expect(new Set(ticks.map((m) => m.run_at)).size).toBe(ticks.length);
      expect(new Set(ticks.map((m) => m.job_id)).size).toBe(ticks.length);
      // Slots are at least a period apart (the schedule never doubles a tick).
      const slots = ticks.map((m) => m.run_at).sort((a, b) => a - b);
      for (let i = 1; i < slots.length; i += 1) expect(slots[i]! - slots[i - 1]!).toBeGreaterThanOrEqual(TICK_EVERY_MS);
    });
  });
}
