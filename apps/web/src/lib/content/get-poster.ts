/** GET /agent/v1/program/poster: the customer-service QR poster of the support popover (spec §7). */
import type { Poster } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';
import { unwrap } from '../api-error';

const POSTER_STALE_MS = 10 * 60_000;

export function getPoster(signal?: AbortSignal) {
  return request<Poster>('GET', '/agent/v1/program/poster', { signal });
}

export function posterQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'poster'],
    queryFn: async ({ signal }) => unwrap(await getPoster(signal)),
    staleTime: POSTER_STALE_MS,
    meta: { showsOwnError: true },
  });
}

export function usePoster({ enabled }: { enabled: boolean }) {
  return useQuery({ ...posterQueryOptions(), enabled });
}
