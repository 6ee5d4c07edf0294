/** Picks the job queue driver: BullMQ when Redis is configured, the database otherwise. */
import type { DatabaseHandle } from '../db/database.js';
import { BullmqJobQueue } from './bullmq-queue.js';
import { DbJobQueue } from './db-queue.js';
import type { JobQueue, JobQueueOptions } from './job-queue.js';
import type { JobSpecs } from './job-table.js';

export type JobDriver =
  { kind: 'database'; database: DatabaseHandle } | { kind: 'bullmq'; url: string; prefix: string };

export function createJobQueue<Specs extends JobSpecs>(
  driver: JobDriver,
  options: JobQueueOptions<Specs>,
): JobQueue<Specs> {
  return driver.kind === 'bullmq' ? new BullmqJobQueue(driver, options) : new DbJobQueue(driver.database, options);
}
