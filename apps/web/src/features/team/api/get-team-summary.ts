/** GET /agent/v1/team/summary: my team's figures, my leader, commander code, team share rate and invite links. */
import type { TeamSummary } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { teamQueryKey } from './query-keys';

export function getTeamSummary(signal?: AbortSignal) {
  return request<TeamSummary>('GET', '/agent/v1/team/summary', { signal });
}

export function teamSummaryQueryOptions() {
  return queryOptions({
    queryKey: [...teamQueryKey, 'summary'],
    queryFn: async ({ signal }) => unwrap(await getTeamSummary(signal)),
    meta: { showsOwnError: true },
  });
}

export function useTeamSummary() {
  return useQuery(teamSummaryQueryOptions());
}
