/** My team members, newest first, searched and paged. */
import { teamApi, type TeamPageQuery } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { teamQueryKey } from './query-keys';

export function teamPageQueryOptions(params: TeamPageQuery) {
  return queryOptions({
    queryKey: [...teamQueryKey, 'page', params],
    queryFn: async ({ signal }) => unwrap(await call(teamApi.page, { query: params, signal })),
    meta: { showsOwnError: true },
  });
}

export function useTeamPage(params: TeamPageQuery) {
  return useQuery({ ...teamPageQueryOptions(params), placeholderData: keepPreviousData });
}
