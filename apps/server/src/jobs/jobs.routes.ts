/** Jobs for operators (`/ops/v1/jobs`): the list with attempts, last error and timings, and retry of a failed job. */
import { opsJobApi, type JobRecord } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../plugins/endpoint-route.js';
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

export function jobRoutes(jobs: JobQueue): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, opsJobApi.list, async (request) => {
      const { status, kind } = request.query;
      const { data, total } = await jobs.list({ status, kind, ...offsetOf(request.query) });
      return paged(data.map(toRecord), total, request.query);
    });

    route(app, opsJobApi.retry, async (request) => toRecord(await jobs.retry(request.params.id)));
  };
}
