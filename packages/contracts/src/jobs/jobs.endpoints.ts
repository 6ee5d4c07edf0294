/** Background jobs for operators (`/ops/v1/jobs`): the list with attempts, last error and timings, and a retry. */
import { pagedSchema } from '../envelope.js';
import { endpoint } from '../endpoint.js';
import { opsAccess } from '../operator/operator-roles.js';
import { jobIdParamsSchema, jobListQuerySchema, jobSchema } from './jobs.schema.js';

const tag = '后台任务';

const list = endpoint({
  method: 'GET',
  path: '/ops/v1/jobs',
  guard: 'operator',
  roles: opsAccess.systemRead,
  tag,
  summary: '后台任务列表（尝试次数、最后的错误、时间）',
  query: jobListQuerySchema,
  response: pagedSchema(jobSchema),
});

const retry = endpoint({
  method: 'POST',
  path: '/ops/v1/jobs/:id/retry',
  guard: 'operator',
  roles: opsAccess.admin,
  tag,
  summary: '重试已失败的任务（重新排队，尝试次数重计）',
  params: jobIdParamsSchema,
  response: jobSchema,
  successText: '已重新排队',
  errors: ['jobNotFound', 'jobNotRetryable'],
});

/** Operator entries only: the web app never imports this object. */
export const opsJobApi = { list, retry } as const;
