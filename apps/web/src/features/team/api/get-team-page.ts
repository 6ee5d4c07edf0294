/** GET /agent/v1/team/page: my team members (spec §3 Team member), newest first, searched and paged. */
import type { Paged, TeamMember, TeamPageQuery } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { teamQueryKey } from './query-keys';

export function getTeamPage(params: TeamPageQuery, signal?: AbortSignal) {
  return request<Paged<TeamMember>>('GET', '/agent/v1/team/page', { query: { ...params }, signal });
}

export function teamPageQueryOptions(params: TeamPageQuery) {
  return queryOptions({
    queryKey: [...teamQueryKey, 'page', params],
    queryFn: async ({ signal }) => unwrap(await getTeamPage(params, signal)),
    meta: { showsOwnError: true },
  });
}

export function useTeamPage(params: TeamPageQuery) {
  return useQuery({ ...teamPageQueryOptions(params), placeholderData: keepPreviousData });
}
