/** GET /agent/v1/task/overview: the creator's headline figures over their active tasks (login). */
import { promotionApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { promotionQueryKey } from '../../../lib/promotion/query-keys';
import { useIsLoggedIn } from '../../../lib/session/token';

export function getPromotionOverview(signal?: AbortSignal) {
  return call(promotionApi.overview, { signal });
}

export function promotionOverviewQueryOptions() {
  return queryOptions({
    queryKey: [...promotionQueryKey, 'overview'],
    queryFn: async ({ signal }) => unwrap(await getPromotionOverview(signal)),
    meta: { showsOwnError: true },
  });
}

/** Idle while logged out. */
export function usePromotionOverview() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...promotionOverviewQueryOptions(), enabled: loggedIn });
}
