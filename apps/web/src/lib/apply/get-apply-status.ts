/** The creator's onboarding application, or null when they have none (login). */
import { applyApi, type EndpointResponse } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { unwrap } from '../api-error';
import { useIsLoggedIn } from '../session/token';

export type ApplyStatus = EndpointResponse<typeof applyApi.status>;

export const applyStatusQueryKey = ['apply', 'status'] as const;

export function applyStatusQueryOptions() {
  return queryOptions({
    queryKey: applyStatusQueryKey,
    queryFn: async ({ signal }) => unwrap(await call(applyApi.status, { signal })),
    meta: { showsOwnError: true },
  });
}

/** Idle while logged out. */
export function useApplyStatus() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...applyStatusQueryOptions(), enabled: loggedIn });
}
