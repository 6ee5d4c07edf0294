/** GET /agent/v1/enum?task_type: the apps that have tasks of a type, for the task center's app filter (spec §7). */
import type { EnumResponse } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

const APPS_STALE_MS = 10 * 60_000;

export function getEnum(taskType: number, signal?: AbortSignal) {
  return request<EnumResponse>('GET', '/agent/v1/enum', { query: { task_type: taskType }, signal });
}

export function taskAppsQueryOptions(taskType: number) {
  return queryOptions({
    queryKey: ['content', 'enum', taskType],
    queryFn: async ({ signal }) => unwrap(await getEnum(taskType, signal)).apps,
    staleTime: APPS_STALE_MS,
  });
}

export function useTaskApps(taskType: number) {
  return useQuery(taskAppsQueryOptions(taskType));
}
