/** 短剧解析's results for the chosen episodes (`GET /ai/v1/parse/episodes`), asked again after a parse ends. */
import { parseApi } from '@cc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export const parseKeys = {
  episodes: (ids: readonly number[]) => ['parse', 'episodes', ids.join(',')] as const,
};

export function useParseEpisodes(mediaIds: readonly number[]) {
  return useQuery({
    queryKey: parseKeys.episodes(mediaIds),
    queryFn: async ({ signal }) =>
      unwrap(await call(parseApi.episodes, { query: { media_ids: mediaIds.join(',') }, signal })),
    enabled: mediaIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
