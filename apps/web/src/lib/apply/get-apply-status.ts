/** GET /agent/v1/apply/status: the creator's onboarding application, or null when they have none (login). */
import type { Application } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';
import { unwrap } from '../api-error';
import { useIsLoggedIn } from '../session/token';

export interface ApplyStatus {
  application: Application | null;
}

export const applyStatusQueryKey = ['apply', 'status'] as const;

export function getApplyStatus(signal?: AbortSignal) {
  return request<ApplyStatus>('GET', '/agent/v1/apply/status', { signal });
}

export function applyStatusQueryOptions() {
  return queryOptions({
    queryKey: applyStatusQueryKey,
    queryFn: async ({ signal }) => unwrap(await getApplyStatus(signal)),
    meta: { showsOwnError: true },
  });
}

/** Idle while logged out. */
export function useApplyStatus() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...applyStatusQueryOptions(), enabled: loggedIn });
}
