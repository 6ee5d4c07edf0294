/**
 * The database driver across processes: a worker killed with SIGKILL mid-job has its job run again by another
 * worker once the lease ran out, and two worker processes on one database run each scheduled tick once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import { createTestDatabase, type TestDatabaseTarget } from '../../test/test-app.js';
import { waitFor } from '../../test/job-queue-suite.js';
import { createMarksTable, readMarks, TICK_EVERY_MS, workerJobTable } from '../../test/job-worker-table.js';
import { DbJobQueue } from './db-queue.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const childScript = path.join(repoRoot, 'apps/server/test/job-worker-child.ts');
const LEASE_MS = 800;

let db: Awaited<ReturnType<typeof createTestDatabase>>;
const children: ChildProcess[] = [];

function startWorker(target: TestDatabaseTarget, workerId: string, env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    cwd: repoRoot,
    env: {
      ...process.env,
      CC_JOB_TARGET: JSON.stringify(target),
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
});

describe('job workers in separate processes', () => {
  it('runs the job of a worker killed mid-job again in another worker after the lease', async () => {
    const log = Fastify({ logger: false }).log;
    const options = { clock: systemClock, log, leaseMs: LEASE_MS, pollMs: 20 };
    const producer = new DbJobQueue(db.database, {
      ...options,
      table: workerJobTable(db.database, 'producer', { hang: false }),
    });
    const id = await producer.enqueue('test.hang', {});

    const doomed = startWorker(db.target, 'doomed', { CC_HANG: '1' });
    await waitFor(async () => (await readMarks(db.database)).some((m) => m.worker === 'doomed'), 20_000);
    const claimed = await producer.get(id);
    expect(claimed).toMatchObject({ status: 'running', attempts: 1 });
    await stopWorker(doomed, 'SIGKILL');
    const { lease_until: leaseUntil } = await db.database.db
      .selectFrom('jobs')
      .select('lease_until')
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();

    const rescuer = new DbJobQueue(db.database, {
      ...options,
      workerId: 'rescuer',
      table: workerJobTable(db.database, 'rescuer', { hang: false }),
    });
    await rescuer.start();
    const done = await waitFor(async () => {
      const job = await rescuer.get(id);
      return job?.status === 'succeeded' && job;
    });
    await rescuer.close();

    expect(done.attempts).toBe(2);
    const marks = (await readMarks(db.database)).filter((m) => m.job_id === id);
    expect(marks.map((m) => `${m.worker}:${m.event}`)).toEqual(['doomed:started', 'rescuer:started', 'rescuer:done']);
    // The rescuer waited for the dead worker's lease to run out.
    expect(marks[1]!.at).toBeGreaterThanOrEqual(leaseUntil!);
  });

  it('two worker processes on one database run each scheduled tick once', async () => {
    const first = startWorker(db.target, 'first');
    const second = startWorker(db.target, 'second');
    await Promise.all([ready(first), ready(second)]);
    const ticksOfPair = async () =>
      (await readMarks(db.database)).filter((m) => m.event === 'tick' && ['first', 'second'].includes(m.worker));
    await waitFor(async () => (await ticksOfPair()).length >= 10, 20_000);
    await Promise.all([stopWorker(first, 'SIGTERM'), stopWorker(second, 'SIGTERM')]);

    const ticks = await ticksOfPair();
    expect(new Set(ticks.map((m) => m.run_at)).size).toBe(ticks.length);
    // Ticks are the schedule's slots, TICK_EVERY_MS apart.
    const slots = ticks.map((m) => m.run_at).sort((a, b) => a - b);
    for (let i = 1; i < slots.length; i += 1) expect((slots[i]! - slots[0]!) % TICK_EVERY_MS).toBe(0);
  });
});
