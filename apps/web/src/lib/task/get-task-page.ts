/** GET /agent/v1/task/page: a page of task cards, read by the task center and the home page's recommendations. */
import { taskApi, type EndpointQuery } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { unwrap } from '../api-error';
import { taskQueryKey } from '../promotion/query-keys';
import { useIsLoggedIn } from '../session/token';

/** The page's query as the contract reads it (its defaults filled in): the query key holds every field. */
export type TaskPageParams = EndpointQuery<typeof taskApi.page>;

export function getTaskPage(params: TaskPageParams, signal?: AbortSignal) {
  return call(taskApi.page, { query: params, signal });
}

/** Keyed by login too: the same page answers `received` only for a logged-in creator. */
export function taskPageQueryOptions(params: TaskPageParams, loggedIn: boolean) {
  return queryOptions({
    queryKey: [...taskQueryKey, 'page', params, loggedIn],
    queryFn: async ({ signal }) => unwrap(await getTaskPage(params, signal)),
    meta: { showsOwnError: true },
  });
}

/** Keeps the previous page on screen while the next one loads, so the grid does not collapse between pages. */
export function useTaskPage(params: TaskPageParams) {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...taskPageQueryOptions(params, loggedIn), placeholderData: keepPreviousData });
}
