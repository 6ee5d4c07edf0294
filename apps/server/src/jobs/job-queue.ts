/**
 * The one queue interface both drivers implement (`db-queue.ts`, `bullmq-queue.ts`), and the run of one job that
 * they share: parse the stored input with the kind's schema, call the handler with a logger carrying the job id.
 */
import type { JobStatus } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock.js';
import { appError } from '../errors.js';
import type { JobContext, JobSpecs, JobTable } from './job-table.js';

export interface EnqueueOptions {
  /** Idempotency key, unique per kind: enqueuing the same kind and key again returns the first job. */
  key?: string;
  /** Epoch ms before which the job does not run (default: now). */
  runAt?: number;
}

/** One job as operators see it; times are epoch ms. */
export interface JobView {
  id: string;
  kind: string;
  status: JobStatus;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  runAt: number;
  createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
}

export interface JobFilter {
  status?: JobStatus;
  kind?: string;
  limit: number;
  offset: number;
}

export interface JobQueue<Specs extends JobSpecs = JobSpecs> {
  /** Validates the input with the kind's schema and queues the job; answers its id. */
  enqueue<K extends keyof Specs & string>(
    kind: K,
    input: z.input<Specs[K]['input']>,
    options?: EnqueueOptions,
  ): Promise<string>;
  /** Starts this process's workers and schedulers. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running handlers to finish. */
  stop(): Promise<void>;
  /** `stop()`, then releases connections; the queue is unusable afterwards. */
  close(): Promise<void>;
  list(filter: JobFilter): Promise<{ data: JobView[]; total: number }>;
  get(id: string): Promise<JobView | null>;
  /** Puts a failed job back in the queue with fresh attempts; `jobNotFound` / `jobNotRetryable` otherwise. */
  retry(id: string): Promise<JobView>;
}

export interface JobQueueOptions<Specs extends JobSpecs> {
  table: JobTable<Specs>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Names this process in leases and logs. */
  workerId?: string;
  /** How long a claimed job stays owned without a heartbeat; a dead worker's job runs again after it. */
  leaseMs?: number;
  /** How often idle workers look for due jobs and schedulers for due ticks (DB driver). */
  pollMs?: number;
}

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_POLL_MS = 1_000;

/** The answer of `retry` for a job that is not (or no longer) failed. */
export function notRetryable(job: JobView | null): never {
  throw appError(job ? 'jobNotRetryable' : 'jobNotFound');
}

/** The table entry of a kind, after checking an input to queue against its schema (throws on either). */
export function entryFor<Specs extends JobSpecs>(table: JobTable<Specs>, kind: keyof Specs & string, input: unknown) {
  const entry = table[kind];
  if (!entry) throw new Error(`unknown job kind "${kind}"`);
  entry.input.parse(input);
  return entry;
}

/** Runs one job's handler on its stored input; throws what the handler (or the input check) throws. */
export async function runJob(
  table: JobTable,
  input: unknown,
  context: Omit<JobContext, 'log'>,
  log: FastifyBaseLogger,
): Promise<void> {
  const entry = table[context.kind];
  if (!entry) throw new Error(`job kind "${context.kind}" is not in this process's job table`);
  const jobLog = log.child({ jobId: context.jobId, kind: context.kind });
  const started = Date.now();
  jobLog.info({ attempt: context.attempt }, 'job started');
  try {
    await entry.handler(entry.input.parse(input), { ...context, log: jobLog });
    jobLog.info({ attempt: context.attempt, ms: Date.now() - started }, 'job succeeded');
  } catch (error) {
    jobLog.error({ err: error, attempt: context.attempt }, 'job failed');
    throw error;
  }
}
