/**
 * My team's summary, read for the profile: only my leader (nickname and invite code) and the team share
 * rate in force (the platform default when none is set on me), which the user info does not carry.
 */
import { teamApi } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export function useMyLeader() {
  return useQuery({
    queryKey: ['profile', 'team-summary'],
    queryFn: async ({ signal }) => unwrap(await call(teamApi.summary, { signal })),
    select: (summary) => ({ leader: summary.leader, teamShareRate: summary.team_share_rate }),
    // The row shows its own failure and retry; no toast on top.
    meta: { showsOwnError: true },
  });
}
