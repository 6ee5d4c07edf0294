/**
 * POST /ai/v1/jobs: runs a tool. The idempotency key is made once per click, so a retry after a dropped connection
 * is the same job and is charged once.
 */
import type { CreateJobInput } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function createJob(job: CreateJobInput, idempotencyKey: string) {
  return request<{ job_id: string; price: number }>('POST', '/ai/v1/jobs', {
    body: job,
    headers: { 'idempotency-key': idempotencyKey },
  });
}
