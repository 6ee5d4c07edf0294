/** GET /activity/agent/receive/point: whether the free 100 points are still to claim (0) or claimed (100). */
import { creditApi } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { unwrap } from '../api-error';
import { creditQueryKey } from './query-keys';

export const freePointsStatusQueryKey = [...creditQueryKey, 'free-points'] as const;

export function getFreePointsStatus(signal?: AbortSignal) {
  return call(creditApi.freePointsStatus, { signal });
}

/** Labels the claim button; the click asks again, since another tab may have claimed meanwhile. */
export function useFreePointsStatus({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: freePointsStatusQueryKey,
    queryFn: async ({ signal }) => unwrap(await getFreePointsStatus(signal)),
    enabled,
    meta: { showsOwnError: true },
  });
}
