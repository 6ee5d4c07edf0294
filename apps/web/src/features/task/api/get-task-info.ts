/** GET /agent/v1/task/info: one task with its intro, tutorial addresses and downloadable episode count (login). */
import { taskApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { taskQueryKey } from '../../../lib/promotion/query-keys';

export function getTaskInfo(taskId: number, signal?: AbortSignal) {
  return call(taskApi.info, { query: { task_id: taskId }, signal });
}

export function taskInfoQueryOptions(taskId: number) {
  return queryOptions({
    queryKey: [...taskQueryKey, 'info', taskId],
    queryFn: async ({ signal }) => unwrap(await getTaskInfo(taskId, signal)),
    meta: { showsOwnError: true },
  });
}

export function useTaskInfo(taskId: number | undefined) {
  return useQuery({ ...taskInfoQueryOptions(taskId ?? 0), enabled: taskId !== undefined });
}
