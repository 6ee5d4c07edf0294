/**
 * A job worker process for the engine tests: opens the test database named by CC_JOB_TARGET and runs the kinds
 * of `job-worker-table.ts` until SIGTERM (graceful) or SIGKILL (the test killing it mid-job).
 */
import Fastify from 'fastify';
import { systemClock } from '../src/clock.js';
import { openDatabase } from '../src/db/database.js';
import { DbJobQueue } from '../src/jobs/db-queue.js';
import type { TestDatabaseTarget } from './test-app.js';
import { workerJobTable } from './job-worker-table.js';

const target = JSON.parse(process.env.CC_JOB_TARGET ?? '') as TestDatabaseTarget;
const workerId = process.env.CC_WORKER_ID ?? `child-${process.pid}`;
const database = openDatabase(target.config, { schema: target.schema, max: 4 });
const queue = new DbJobQueue(database, {
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
