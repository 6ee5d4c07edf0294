/** The home page's banners (public). */
import { contentApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

const WEB_PLATFORM = 1;
const BANNERS_STALE_MS = 10 * 60_000;

export function bannersQueryOptions() {
  return queryOptions({
    queryKey: ['content', 'banners', WEB_PLATFORM],
    queryFn: async ({ signal }) =>
      unwrap(await call(contentApi.banners, { query: { platform: WEB_PLATFORM }, signal })),
    staleTime: BANNERS_STALE_MS,
    // Without banners the page simply starts with the figures; no toast for decoration.
    meta: { showsOwnError: true },
  });
}

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
