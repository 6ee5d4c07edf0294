/** GET /agent/v1/credit/total: the creator's points balance, bought and gifted, read by bars and dialogs. */
import { creditApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { unwrap } from '../api-error';
import { useIsLoggedIn } from '../session/token';
import { creditQueryKey } from './query-keys';

export function getCreditTotal(signal?: AbortSignal) {
  return call(creditApi.total, { signal });
}

export function creditTotalQueryOptions() {
  return queryOptions({
    queryKey: [...creditQueryKey, 'total'],
    queryFn: async ({ signal }) => unwrap(await getCreditTotal(signal)),
  });
}

/** The balance of the logged-in creator; idle while logged out. */
export function useCreditTotal() {
  const isLoggedIn = useIsLoggedIn();
  return useQuery({ ...creditTotalQueryOptions(), enabled: isLoggedIn });
}
