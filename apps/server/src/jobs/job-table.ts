/**
 * The typed job table: every job kind names its input schema, retry policy, concurrency and (for scheduled kinds)
 * its schedule, and is bound to a handler. `checkJobTable` refuses a table where a declared kind has no handler,
 * so a missing handler stops start-up instead of leaving jobs queued for ever (the immich way).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

export interface RetryPolicy {
  /** Runs in all, the first included; 1 means no retry. */
  attempts: number;
  /** Wait before the second run; `exponential` doubles it for each run after that. */
  backoffMs: number;
  backoff: 'fixed' | 'exponential';
}

export interface JobSpec<Input extends z.ZodType = z.ZodType> {
  input: Input;
  retry: RetryPolicy;
  /** Handlers of this kind one worker process runs at once. */
  concurrency: number;
  /** Scheduled kinds run every `everyMs` with an empty input, once per tick across all processes. */
  schedule?: { everyMs: number };
}

export type JobSpecs = Record<string, JobSpec>;

export interface JobContext {
  jobId: string;
  kind: string;
  /** 1 for the first run. */
  attempt: number;
  /** When the job was due (for scheduled kinds, its tick). */
  runAt: number;
  /** A child logger carrying `jobId` and `kind`. */
  log: FastifyBaseLogger;
}

/**
 * Delivery is at least once: a handler may run again after a crash or a lost lease, so it must be idempotent.
 * A sweep handler processes each item in its own try/catch, in a stable order, so one bad item never blocks others.
 */
export type JobHandler<Input> = (input: Input, context: JobContext) => Promise<unknown>;

export type JobHandlers<Specs extends JobSpecs> = { [K in keyof Specs]: JobHandler<z.output<Specs[K]['input']>> };

export type JobTable<Specs extends JobSpecs = JobSpecs> = {
  [K in keyof Specs]: Specs[K] & { handler: JobHandler<z.output<Specs[K]['input']>> };
};

/** Kinds the table declares, in a stable order. */
export const kindsOf = <Specs extends JobSpecs>(table: JobTable<Specs>): (keyof Specs & string)[] =>
  Object.keys(table).sort() as (keyof Specs & string)[];

export class JobTableError extends Error {
  override name = 'JobTableError';
}

/** Binds every declared kind to its handler; throws naming each kind without one and each handler without a kind. */
export function checkJobTable<Specs extends JobSpecs>(specs: Specs, handlers: JobHandlers<Specs>): JobTable<Specs> {
  const given = handlers as Partial<Record<string, unknown>>;
  const missing = Object.keys(specs).filter((kind) => typeof given[kind] !== 'function');
  const unknown = Object.keys(handlers).filter((kind) => !(kind in specs));
  const problems = [
    ...missing.map((kind) => `job kind "${kind}" has no handler`),
    ...unknown.map((kind) => `handler "${kind}" has no declared job kind`),
    ...Object.entries(specs)
      .filter(([, spec]) => spec.retry.attempts < 1 || spec.concurrency < 1)
      .map(([kind]) => `job kind "${kind}" needs at least one attempt and a concurrency of one`),
  ];
  if (problems.length > 0) throw new JobTableError(`Invalid job table:\n  ${problems.join('\n  ')}`);
  return Object.fromEntries(
    Object.entries(specs).map(([kind, spec]) => [kind, { ...spec, handler: handlers[kind as keyof Specs] }]),
  ) as JobTable<Specs>;
}

/** Wait before run `attempt + 1` after run `attempt` failed. */
export function retryDelayMs(policy: RetryPolicy, attempt: number): number {
  return policy.backoff === 'fixed' ? policy.backoffMs : policy.backoffMs * 2 ** Math.max(0, attempt - 1);
}

/** The one-line reason kept as `last_error`. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 2000);
}
