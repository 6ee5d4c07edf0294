/** GET /agent/v1/episode/list: a task's episodes, a page at a time (login). */
import { taskApi } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export interface EpisodeListParams {
  task_id: number;
  page_num: number;
  page_size: number;
}

export function getEpisodeList(params: EpisodeListParams, signal?: AbortSignal) {
  return call(taskApi.episodeList, { query: params, signal });
}

export function episodeListQueryOptions(params: EpisodeListParams) {
  return queryOptions({
    queryKey: ['episode', 'list', params],
    queryFn: async ({ signal }) => unwrap(await getEpisodeList(params, signal)),
    meta: { showsOwnError: true },
  });
}

export function useEpisodeList(params: EpisodeListParams, enabled: boolean) {
  return useQuery({ ...episodeListQueryOptions(params), enabled, placeholderData: keepPreviousData });
}
