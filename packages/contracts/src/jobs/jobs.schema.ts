/** Background jobs as operators see them (`/ops/v1/jobs`): states, the list query and one job's record. */
import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: '排队中',
  running: '执行中',
  succeeded: '已完成',
  failed: '已失败',
};

export const jobListQuerySchema = pageQuerySchema.extend({
  status: z.enum(JOB_STATUSES, { error: '任务状态不正确' }).optional(),
  kind: z.string({ error: '任务类型不正确' }).trim().min(1, '任务类型不正确').max(64, '任务类型不正确').optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

export const jobIdParamsSchema = z.object({
  id: z.string({ error: '任务编号不正确' }).min(1, '任务编号不正确').max(300, '任务编号不正确'),
});

export const jobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  /** ISO times; `run_at` is when the job is (or was) due. */
  run_at: z.iso.datetime(),
  created_at: z.iso.datetime(),
  started_at: z.iso.datetime().nullable(),
  finished_at: z.iso.datetime().nullable(),
});
export type JobRecord = z.infer<typeof jobSchema>;
