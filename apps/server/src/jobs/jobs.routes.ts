/** Jobs for operators (`/ops/v1/jobs`): the list with attempts, last error and timings, and retry of a failed job. */
import { jobIdParamsSchema, jobListQuerySchema, jobSchema, pagedSchema, type JobRecord } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../plugins/envelope.js';
import { operatorGuard } from '../plugins/operator.js';
import { isoTime, offsetOf, paged } from '../modules/paging.js';
import type { JobQueue, JobView } from './job-queue.js';

const isoOrNull = (ms: number | null) => (ms === null ? null : isoTime(ms));

function toRecord(job: JobView): JobRecord {
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    attempts: job.attempts,
    max_attempts: job.maxAttempts,
    last_error: job.lastError,
    run_at: isoTime(job.runAt),
    created_at: isoTime(job.createdAt),
    started_at: isoOrNull(job.startedAt),
    finished_at: isoOrNull(job.finishedAt),
  };
}

export function jobRoutes(jobs: JobQueue, operatorToken: string | null): FastifyPluginAsyncZod {
  return async (app) => {
    const operator = operatorGuard(operatorToken);

    app.get(
      '/ops/v1/jobs',
      { onRequest: operator, schema: { querystring: jobListQuerySchema, response: okSchema(pagedSchema(jobSchema)) } },
      async (request) => {
        const { status, kind } = request.query;
        const { data, total } = await jobs.list({ status, kind, ...offsetOf(request.query) });
        return ok(paged(data.map(toRecord), total, request.query));
      },
    );

    app.post(
      '/ops/v1/jobs/:id/retry',
      { onRequest: operator, schema: { params: jobIdParamsSchema, response: okSchema(jobSchema) } },
      async (request) => ok(toRecord(await jobs.retry(request.params.id)), '已重新排队'),
    );
  };
}
