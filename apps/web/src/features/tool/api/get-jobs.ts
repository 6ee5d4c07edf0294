/** GET /ai/v1/jobs: the creator's job history, newest first, refreshed while a job is live. */
import { isTerminalToolJob, toolApi, type JobTool } from '@cc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { toolKeys } from './query-keys';

export const JOBS_PAGE_SIZE = 10;

export function useJobs(tool: JobTool | undefined, pageNum: number) {
  return useQuery({
    queryKey: [...toolKeys.jobs, tool ?? 'all', pageNum],
    queryFn: async ({ signal }) =>
      unwrap(await call(toolApi.jobs, { query: { tool, page_num: pageNum, page_size: JOBS_PAGE_SIZE }, signal })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((job) => !isTerminalToolJob(job.status)) ? 3000 : false),
  });
}
