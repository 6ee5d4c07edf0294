/** GET /agent/v1/task/my_task: the creator's active tasks with their clicks, orders and shares (login). */
import { promotionApi, type TaskType } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { promotionQueryKey } from '../../../lib/promotion/query-keys';

export interface MyTaskParams {
  page_num: number;
  page_size: number;
  task_type?: TaskType;
}

export function getMyTasks(params: MyTaskParams, signal?: AbortSignal) {
  return call(promotionApi.myTasks, { query: params, signal });
}

export function myTasksQueryOptions(params: MyTaskParams) {
  return queryOptions({
    queryKey: [...promotionQueryKey, 'my-task', params],
    queryFn: async ({ signal }) => unwrap(await getMyTasks(params, signal)),
    meta: { showsOwnError: true },
  });
}

export function useMyTasks(params: MyTaskParams) {
  return useQuery({ ...myTasksQueryOptions(params), placeholderData: keepPreviousData });
}
