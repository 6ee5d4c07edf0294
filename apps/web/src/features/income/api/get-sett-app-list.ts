/** GET /agent/v1/sett/app/list?task_type: every app of a task type with the creator's figures. */
import { settlementApi, type TaskType } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export function getSettAppList(taskType: TaskType, signal?: AbortSignal) {
  return call(settlementApi.appList, { query: { task_type: taskType }, signal });
}

export function settAppListQueryOptions(taskType: TaskType) {
  return queryOptions({
    queryKey: [...incomeQueryKey, 'app-list', taskType],
    queryFn: async ({ signal }) => unwrap(await getSettAppList(taskType, signal)).data,
    meta: { showsOwnError: true },
  });
}

export function useSettAppList(taskType: TaskType) {
  return useQuery({ ...settAppListQueryOptions(taskType), placeholderData: keepPreviousData });
}
