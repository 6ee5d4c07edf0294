/** The apps that have tasks of a type, for the task center's app filter. */
import { contentApi, type TaskType } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

const APPS_STALE_MS = 10 * 60_000;

export function taskAppsQueryOptions(taskType: TaskType) {
  return queryOptions({
    queryKey: ['content', 'enum', taskType],
    queryFn: async ({ signal }) =>
      unwrap(await call(contentApi.enums, { query: { task_type: taskType }, signal })).apps,
    staleTime: APPS_STALE_MS,
  });
}

export function useTaskApps(taskType: TaskType) {
  return useQuery(taskAppsQueryOptions(taskType));
}
