/** The logged-in creator, read by the top bar, the route guards and the pages. */
import { userApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { unwrap } from '../api-error';
import { queryClient } from '../query-client';
import { userInfoQueryKey } from './session';
import { useToken } from './token';

export function userInfoQueryOptions() {
  return queryOptions({
    queryKey: userInfoQueryKey,
    queryFn: async ({ signal }) => unwrap(await call(userApi.info, { signal })),
  });
}

/** The user of the stored token; idle while logged out. */
export function useUserInfo() {
  const token = useToken();
  return useQuery({ ...userInfoQueryOptions(), enabled: token !== null });
}

/** Loads the user afresh (after a login); a failure lands in the query's error state, where the session guard acts. */
export function refreshUserInfo(): Promise<void> {
  return queryClient.prefetchQuery({ ...userInfoQueryOptions(), staleTime: 0 });
}
