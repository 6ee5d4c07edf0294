/** GET /agent/v1/banner/map?platform=1: the home page's banners (public). */
import type { Banner } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

const WEB_PLATFORM = 1;
const BANNERS_STALE_MS = 10 * 60_000;

export function getBanners(signal?: AbortSignal) {
  return request<Banner[]>('GET', '/agent/v1/banner/map', { query: { platform: WEB_PLATFORM }, signal });
}

export function bannersQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'banners', WEB_PLATFORM],
    queryFn: async ({ signal }) => unwrap(await getBanners(signal)),
    staleTime: BANNERS_STALE_MS,
    // Without banners the page simply starts with the figures; no toast for decoration.
    meta: { showsOwnError: true },
  });
}

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
