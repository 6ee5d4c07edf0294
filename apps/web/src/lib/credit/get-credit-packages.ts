/** GET /agent/v1/credit/list: the points packages on sale. */
import { creditApi } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { unwrap } from '../api-error';
import { creditQueryKey } from './query-keys';

export function getCreditPackages(signal?: AbortSignal) {
  return call(creditApi.packages, { signal });
}

export function useCreditPackages({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: [...creditQueryKey, 'packages'],
    queryFn: async ({ signal }) => unwrap(await getCreditPackages(signal)),
    enabled,
    meta: { showsOwnError: true },
  });
}
