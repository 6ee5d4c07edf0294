/**
 * The database driver (embedded default): jobs are rows of `jobs`, so they survive restarts. A worker claims the
 * oldest due job of a kind with one conditional UPDATE (`FOR UPDATE SKIP LOCKED` on PostgreSQL) that sets a lease;
 * a heartbeat renews it while the handler runs, and a job whose lease ran out (its worker died) is claimed again.
 * Scheduled kinds keep one `job_schedules` row each; the process whose conditional update moves `next_run_at` on
 * owns that tick and queues its job, so a tick runs once however many processes poll.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { JobStatus } from '@cc/contracts';
import type { DatabaseHandle } from '../db/database.js';
import type { Database, JobTable as JobRowTable } from '../db/schema.js';
import { errorText, kindsOf, retryDelayMs, type JobSpecs } from './job-table.js';
import {
  DEFAULT_LEASE_MS,
  entryFor,
  DEFAULT_POLL_MS,
  notRetryable,
  runJob,
  type EnqueueOptions,
  type JobFilter,
  type JobQueue,
  type JobQueueOptions,
  type JobView,
} from './job-queue.js';

type JobRow = Selectable<JobRowTable>;

/** Succeeded jobs are deleted after this long; failed ones stay until an operator retries them. */
const SUCCEEDED_RETENTION_MS = 7 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
const LEASE_LOST = '执行超时：工作进程失联，已用尽重试次数';

export function toJobView(row: JobRow): JobView {
  return {
    id: String(row.id),
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    runAt: row.run_at,
    createdAt: row.created_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

export class DbJobQueue<Specs extends JobSpecs> implements JobQueue<Specs> {
  private readonly db;
  private readonly workerId: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly running = new Set<Promise<void>>();
  private readonly activeByKind = new Map<string, number>();
  private started = false;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private lastPruneAt = 0;

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: JobQueueOptions<Specs>,
  ) {
    this.db = database.db;
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  }

  async enqueue<K extends keyof Specs & string>(
    kind: K,
    input: unknown,
    { key, runAt }: EnqueueOptions = {},
  ): Promise<string> {
    const entry = entryFor(this.options.table, kind, input);
    const now = this.options.clock.now();
    const inserted = await this.db
      .insertInto('jobs')
      .values({
        kind,
        input: JSON.stringify(input ?? null),
        status: 'queued',
        max_attempts: entry.retry.attempts,
        run_at: runAt ?? now,
        idempotency_key: key ?? null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['kind', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    const id =
      inserted?.id ??
      (
        await this.db
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', kind)
          .where('idempotency_key', '=', key ?? '')
          .executeTakeFirstOrThrow()
      ).id;
    if (inserted) this.requestPoll();
    return String(id);
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const now = this.options.clock.now();
    for (const kind of this.scheduledKinds()) {
      await this.db
        .insertInto('job_schedules')
        .values({ kind, next_run_at: now })
        .onConflict((oc) => oc.column('kind').doNothing())
        .execute();
    }
    this.options.log.info({ workerId: this.workerId }, 'job workers started (database driver)');
    this.requestPoll();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
    await Promise.allSettled([...this.running]);
    this.options.log.info({ workerId: this.workerId }, 'job workers stopped');
  }

  close(): Promise<void> {
    return this.stop();
  }

  async list({ status, kind, limit, offset }: JobFilter): Promise<{ data: JobView[]; total: number }> {
    const filtered = this.db
      .selectFrom('jobs')
      .$if(status !== undefined, (q) => q.where('status', '=', status as JobStatus))
      .$if(kind !== undefined, (q) => q.where('kind', '=', kind as string));
    const [rows, count] = await Promise.all([
      filtered.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { data: rows.map(toJobView), total: Number(count.n) };
  }

  async get(id: string): Promise<JobView | null> {
    if (!/^\d{1,15}$/.test(id)) return null;
    const row = await this.db.selectFrom('jobs').selectAll().where('id', '=', Number(id)).executeTakeFirst();
    return row ? toJobView(row) : null;
  }

  async retry(id: string): Promise<JobView> {
    const job = await this.get(id);
    if (job?.status !== 'failed') notRetryable(job);
    const result = await this.db
      .updateTable('jobs')
      .set({
        status: 'queued',
        attempts: 0,
        run_at: this.options.clock.now(),
        lease_until: null,
        locked_by: null,
        finished_at: null,
      })
      .where('id', '=', Number(id))
      .where('status', '=', 'failed')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) notRetryable(await this.get(id));
    this.requestPoll();
    return (await this.get(id)) as JobView;
  }

  private scheduledKinds(): (keyof Specs & string)[] {
    return kindsOf(this.options.table).filter((kind) => this.options.table[kind].schedule);
  }

  /** Polls now (or right after the poll in progress), then every `pollMs` while started. */
  private requestPoll(): void {
    if (!this.started) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.polling = this.poll()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'job poll failed'))
      .finally(() => {
        this.polling = null;
        if (!this.started) return;
        if (this.pollAgain) {
          this.pollAgain = false;
          this.requestPoll();
        } else {
          this.timer = setTimeout(() => this.requestPoll(), this.pollMs);
        }
      });
  }

  private async poll(): Promise<void> {
    await this.failLostLastAttempts();
    for (const kind of this.scheduledKinds()) await this.queueDueTick(kind);
    for (const kind of kindsOf(this.options.table)) {
      const { concurrency } = this.options.table[kind];
      while (this.started && (this.activeByKind.get(kind) ?? 0) < concurrency) {
        const job = await this.claim(kind);
        if (!job) break;
        this.launch(job);
      }
    }
    await this.pruneSucceeded();
  }

  /** Owns the due tick of a scheduled kind if this process's conditional update wins, and queues its job. */
  private async queueDueTick(kind: keyof Specs & string): Promise<void> {
    const { schedule: every, retry } = this.options.table[kind];
    const everyMs = every!.everyMs;
    const now = this.options.clock.now();
    const schedule = await this.db
      .selectFrom('job_schedules')
      .select('next_run_at')
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (!schedule || schedule.next_run_at > now) return;
    const due = schedule.next_run_at;
    const next = due + everyMs * (Math.floor((now - due) / everyMs) + 1);
    await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('job_schedules')
        .set({ next_run_at: next })
        .where('kind', '=', kind)
        .where('next_run_at', '=', due)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return;
      await trx
        .insertInto('jobs')
        .values({
          kind,
          input: '{}',
          status: 'queued',
          max_attempts: retry.attempts,
          run_at: due,
          idempotency_key: `tick:${due}`,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['kind', 'idempotency_key']).doNothing())
        .execute();
    });
  }

  /** A job whose worker died on its last attempt is not run again: it fails, for an operator to retry. */
  private async failLostLastAttempts(): Promise<void> {
    const now = this.options.clock.now();
    await this.db
      .updateTable('jobs')
      .set({ status: 'failed', last_error: LEASE_LOST, finished_at: now, lease_until: null, locked_by: null })
      .where('status', '=', 'running')
      .where('lease_until', '<', now)
      .where((eb) => eb('attempts', '>=', eb.ref('max_attempts')))
      .execute();
  }

  /** Takes the oldest due job of a kind (queued, or running on a lease that ran out) with one conditional update. */
  private async claim(kind: string): Promise<JobRow | undefined> {
    const now = this.options.clock.now();
    const claimable = (eb: ExpressionBuilder<Database, 'jobs'>) =>
      eb.and([
        eb('kind', '=', kind),
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('run_at', '<=', now)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
        ]),
      ]);
    const oldest = this.db
      .selectFrom('jobs')
      .select('id')
      .where(claimable)
      .orderBy('run_at')
      .orderBy('id')
      .limit(1)
      .$if(this.database.kind === 'postgres', (q) => q.forUpdate().skipLocked());
    return this.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: sql`attempts + 1`,
        lease_until: now + this.leaseMs,
        locked_by: this.workerId,
        started_at: now,
        finished_at: null,
      })
      .where('id', '=', oldest)
      .where(claimable)
      .returningAll()
      .executeTakeFirst();
  }

  private launch(job: JobRow): void {
    this.activeByKind.set(job.kind, (this.activeByKind.get(job.kind) ?? 0) + 1);
    const run = this.execute(job).finally(() => {
      this.activeByKind.set(job.kind, (this.activeByKind.get(job.kind) ?? 1) - 1);
      this.running.delete(run);
      this.requestPoll();
    });
    this.running.add(run);
  }

  private async execute(job: JobRow): Promise<void> {
    const heartbeat = setInterval(
      () => {
        this.ownedBy(job.id)
          .set({ lease_until: this.options.clock.now() + this.leaseMs })
          .execute()
          .catch((error: unknown) =>
            this.options.log.warn({ err: error, jobId: String(job.id) }, 'lease renewal failed'),
          );
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    try {
      const context = { jobId: String(job.id), kind: job.kind, attempt: job.attempts, runAt: job.run_at };
      await runJob(this.options.table, JSON.parse(job.input), context, this.options.log);
      clearInterval(heartbeat);
      await this.ownedBy(job.id)
        .set({ status: 'succeeded', finished_at: this.options.clock.now(), lease_until: null })
        .execute();
    } catch (error) {
      clearInterval(heartbeat);
      await this.recordFailure(job, errorText(error)).catch((failure: unknown) =>
        this.options.log.error({ err: failure, jobId: String(job.id) }, 'could not record job failure'),
      );
    }
  }

  /** Retries after the kind's backoff while attempts remain; marks the job failed after the last one. */
  private async recordFailure(job: JobRow, lastError: string): Promise<void> {
    const now = this.options.clock.now();
    const policy = this.options.table[job.kind]?.retry;
    const retry = policy && job.attempts < job.max_attempts;
    await this.ownedBy(job.id)
      .set(
        retry
          ? {
              status: 'queued',
              run_at: now + retryDelayMs(policy, job.attempts),
              last_error: lastError,
              lease_until: null,
              locked_by: null,
            }
          : { status: 'failed', last_error: lastError, finished_at: now, lease_until: null },
      )
      .execute();
  }

  /** Updates of a job this worker still holds; a worker that lost its lease changes nothing. */
  private ownedBy(id: number) {
    return this.db
      .updateTable('jobs')
      .where('id', '=', id)
      .where('locked_by', '=', this.workerId)
      .where('status', '=', 'running');
  }

  private async pruneSucceeded(): Promise<void> {
    const now = this.options.clock.now();
    if (now - this.lastPruneAt < PRUNE_EVERY_MS) return;
    this.lastPruneAt = now;
    await this.db
      .deleteFrom('jobs')
      .where('status', '=', 'succeeded')
      .where('finished_at', '<', now - SUCCEEDED_RETENTION_MS)
      .execute();
  }
}
