/** POST /ai/v1/serials/radar: the hit chart (热剧榜), by channel and sort, on the AI API host (public). */
import type { Paged, RadarItem } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export interface RadarParams {
  channel?: 'male' | 'female';
  task_type?: number;
  sort: 'publish_at' | 'total_income';
  page_num: number;
  page_size: number;
}

export function getRadar(params: RadarParams, signal?: AbortSignal) {
  return request<Paged<RadarItem>>('POST', '/ai/v1/serials/radar', { body: params, signal });
}

export function radarQueryOptions(params: RadarParams) {
  return queryOptions({
    queryKey: ['content', 'radar', params],
    queryFn: async ({ signal }) => unwrap(await getRadar(params, signal)),
    meta: { showsOwnError: true },
  });
}

export function useRadar(params: RadarParams) {
  return useQuery({ ...radarQueryOptions(params), placeholderData: keepPreviousData });
}
