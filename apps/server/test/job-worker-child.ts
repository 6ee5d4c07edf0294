/**
 * A job worker process for the engine tests: on the driver of CC_JOB_DRIVER, runs the kinds of
 * `job-worker-table.ts` (which mark the test database of CC_JOB_TARGET) until SIGTERM or SIGKILL.
 */
import Fastify from 'fastify';
import { systemClock } from '../src/clock.js';
import { openDatabase } from '../src/db/database.js';
import { createJobQueue } from '../src/jobs/job-engine.js';
import type { ChildDriver } from './job-worker-processes.js';
import type { TestDatabaseTarget } from './test-app.js';
import { workerJobTable } from './job-worker-table.js';

const target = JSON.parse(process.env.CC_JOB_TARGET ?? '') as TestDatabaseTarget;
const workerId = process.env.CC_WORKER_ID ?? `child-${process.pid}`;
const database = openDatabase(target.config, { schema: target.schema, max: 4 });
const driver = JSON.parse(process.env.CC_JOB_DRIVER ?? '{"kind":"database"}') as ChildDriver;
const queue = createJobQueue(driver.kind === 'database' ? { kind: 'database', database } : driver, {
  table: workerJobTable(database, workerId, { hang: process.env.CC_HANG === '1' }),
  clock: systemClock,
  log: Fastify({ logger: false }).log,
  workerId,
  leaseMs: Number(process.env.CC_LEASE_MS ?? 1000),
  pollMs: 20,
});

process.once('SIGTERM', () => {
  void queue
    .close()
    .then(() => database.destroy())
    .then(() => process.exit(0));
});
await queue.start();
process.stdout.write('ready\n');
