/**
 * The BullMQ driver (when REDIS_URL is set): one BullMQ queue per job kind, so each kind has its own worker
 * concurrency. BullMQ's lock is the lease (a killed worker's job is "stalled" and moved back after `leaseMs`);
 * a scheduled kind is a job scheduler with a fixed id, whose iterations get deterministic job ids, so any number
 * of processes produce one job per tick. Ids shown to operators are `{kind}:{bullmq job id}`.
 */
import { createHash } from 'node:crypto';
import { Queue, Worker, type Job, type JobType } from 'bullmq';
import { Redis } from 'ioredis';
import type { JobStatus } from '@cc/contracts';
import { kindsOf, type JobSpecs } from './job-table.js';
import {
  DEFAULT_LEASE_MS,
  entryFor,
  notRetryable,
  runJob,
  type EnqueueOptions,
  type JobFilter,
  type JobQueue,
  type JobQueueOptions,
  type JobView,
} from './job-queue.js';

const STATES_OF: Record<JobStatus, JobType[]> = {
  queued: ['waiting', 'delayed', 'prioritized', 'waiting-children'],
  running: ['active'],
  succeeded: ['completed'],
  failed: ['failed'],
};
const ALL_STATES = Object.values(STATES_OF).flat();
const SUCCEEDED_RETENTION_S = 7 * 24 * 3600;
const SCHEDULER_ID = 'schedule';

function statusOf(state: string): JobStatus {
  const found = (Object.keys(STATES_OF) as JobStatus[]).find((status) => STATES_OF[status].includes(state as JobType));
  return found ?? 'queued';
}

/** When a job is due: a scheduler's iteration has its slot in its id (`repeat:{scheduler}:{ms}`); others their delay. */
function runAtOf(job: Job): number {
  const slot = job.repeatJobKey ? Number(job.id?.split(':').pop()) : NaN;
  return Number.isFinite(slot) ? slot : job.timestamp + (job.delay ?? 0);
}

/** BullMQ job ids may not contain `:`; an idempotency key becomes a fixed-length digest. */
const jobIdOfKey = (key: string) => `key-${createHash('sha256').update(key).digest('hex').slice(0, 40)}`;

export interface BullmqOptions {
  url: string;
  /** Prefix of every Redis key of the queues (deployments and tests sharing one Redis keep apart). */
  prefix: string;
}

export class BullmqJobQueue<Specs extends JobSpecs> implements JobQueue<Specs> {
  private connection: Redis | null = null;
  private readonly queues = new Map<string, Queue>();
  private workers: Worker[] = [];
  private readonly leaseMs: number;

  constructor(
    private readonly redis: BullmqOptions,
    private readonly options: JobQueueOptions<Specs>,
  ) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  async enqueue<K extends keyof Specs & string>(
    kind: K,
    input: unknown,
    { key, runAt }: EnqueueOptions = {},
  ): Promise<string> {
    entryFor(this.options.table, kind, input);
    const delay = Math.max(0, (runAt ?? 0) - this.options.clock.now());
    const job = await this.queueOf(kind).add(kind, input ?? null, {
      ...this.retryOptions(kind),
      ...(key && { jobId: jobIdOfKey(key) }),
      ...(delay > 0 && { delay }),
    });
    return `${kind}:${job.id}`;
  }

  async start(): Promise<void> {
    if (this.workers.length > 0) return;
    for (const kind of kindsOf(this.options.table)) {
      const { concurrency, schedule } = this.options.table[kind];
      const worker = new Worker(kind, (job: Job) => this.process(kind, job), {
        connection: this.redisConnection(),
        prefix: this.redis.prefix,
        concurrency,
        lockDuration: this.leaseMs,
        stalledInterval: this.leaseMs,
      });
      worker.on('error', (error) => this.options.log.error({ err: error, kind }, 'job worker error'));
      this.workers.push(worker);
      if (schedule) {
        await this.queueOf(kind).upsertJobScheduler(
          SCHEDULER_ID,
          { every: schedule.everyMs },
          { name: kind, data: {}, opts: this.retryOptions(kind) },
        );
      }
    }
    this.options.log.info('job workers started (BullMQ driver)');
  }

  async stop(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((worker) => worker.close()));
  }

  async close(): Promise<void> {
    await this.stop();
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
    await this.connection?.quit().catch(() => this.connection?.disconnect());
    this.connection = null;
  }

  async list({ status, kind, limit, offset }: JobFilter): Promise<{ data: JobView[]; total: number }> {
    const states = status ? STATES_OF[status] : ALL_STATES;
    const kinds = kindsOf(this.options.table).filter((k) => kind === undefined || k === kind);
    let total = 0;
    const found: { kind: string; job: Job }[] = [];
    for (const k of kinds) {
      const queue = this.queueOf(k);
      const counts = await queue.getJobCounts(...states);
      total += Object.values(counts).reduce((sum, n) => sum + n, 0);
      const jobs = await queue.getJobs(states, 0, offset + limit - 1, false);
      for (const job of jobs) if (job) found.push({ kind: k, job: job as Job });
    }
    found.sort((a, b) => b.job.timestamp - a.job.timestamp);
    const page = found.slice(offset, offset + limit);
    return { data: await Promise.all(page.map(({ kind: k, job }) => this.viewOf(k, job))), total };
  }

  async get(id: string): Promise<JobView | null> {
    const found = await this.find(id);
    return found ? this.viewOf(found.kind, found.job) : null;
  }

  async retry(id: string): Promise<JobView> {
    const found = await this.find(id);
    if (!found || (await found.job.getState()) !== 'failed') notRetryable(found ? await this.get(id) : null);
    await found.job.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
    return (await this.get(id)) as JobView;
  }

  private async process(kind: string, job: Job): Promise<void> {
    const context = {
      jobId: `${kind}:${job.id}`,
      kind,
      attempt: job.attemptsMade + 1,
      runAt: runAtOf(job),
    };
    await runJob(this.options.table, job.data, context, this.options.log);
  }

  private retryOptions(kind: keyof Specs & string) {
    const { retry } = this.options.table[kind];
    return {
      attempts: retry.attempts,
      backoff: { type: retry.backoff, delay: retry.backoffMs },
      removeOnComplete: { age: SUCCEEDED_RETENTION_S },
      removeOnFail: false,
    };
  }

  private async find(id: string): Promise<{ kind: string; job: Job } | null> {
    const split = id.indexOf(':');
    const kind = id.slice(0, split);
    if (split < 1 || !(kind in this.options.table)) return null;
    const job = await this.queueOf(kind).getJob(id.slice(split + 1));
    return job ? { kind, job: job as Job } : null;
  }

  private async viewOf(kind: string, seen: Job): Promise<JobView> {
    const state = await seen.getState();
    // The job may have finished between reading its hash and its state: read it again so the times agree.
    const finished = (state === 'completed' || state === 'failed') && !seen.finishedOn;
    const job = finished ? (((await this.queueOf(kind).getJob(seen.id!)) as Job | undefined) ?? seen) : seen;
    return {
      id: `${kind}:${job.id}`,
      kind,
      status: statusOf(state),
      attempts: Math.max(job.attemptsMade, job.attemptsStarted ?? 0),
      maxAttempts: job.opts.attempts ?? 1,
      lastError: job.failedReason || null,
      runAt: runAtOf(job),
      createdAt: job.timestamp,
      startedAt: job.processedOn ?? null,
      finishedAt: job.finishedOn ?? null,
    };
  }

  private redisConnection(): Redis {
    if (!this.connection) {
      this.connection = new Redis(this.redis.url, { maxRetriesPerRequest: null });
      this.connection.on('error', (error: Error) => this.options.log.warn({ err: error }, 'job queue redis error'));
    }
    return this.connection;
  }

  private queueOf(kind: string): Queue {
    let queue = this.queues.get(kind);
    if (!queue) {
      queue = new Queue(kind, { connection: this.redisConnection(), prefix: this.redis.prefix });
      this.queues.set(kind, queue);
    }
    return queue;
  }
}
