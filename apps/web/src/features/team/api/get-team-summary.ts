/** My team's figures, my leader, commander code, team share rate and invite links. */
import { teamApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { teamQueryKey } from './query-keys';

export function teamSummaryQueryOptions() {
  return queryOptions({
    queryKey: [...teamQueryKey, 'summary'],
    queryFn: async ({ signal }) => unwrap(await call(teamApi.summary, { signal })),
    meta: { showsOwnError: true },
  });
}

export function useTeamSummary() {
  return useQuery(teamSummaryQueryOptions());
}
