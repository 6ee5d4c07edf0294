/** The customer-service QR poster of the support popover. */
import { contentApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api-client';
import { unwrap } from '../api-error';

const POSTER_STALE_MS = 10 * 60_000;

export function posterQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'poster'],
    queryFn: async ({ signal }) => unwrap(await call(contentApi.poster, { signal })),
    staleTime: POSTER_STALE_MS,
    meta: { showsOwnError: true },
  });
}

export function usePoster({ enabled }: { enabled: boolean }) {
  return useQuery({ ...posterQueryOptions(), enabled });
}
