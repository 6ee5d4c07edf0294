/** The hit chart (热剧榜), by channel and sort, on the AI API host (public). */
import { contentApi, type EndpointBodyInput } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export type RadarParams = EndpointBodyInput<typeof contentApi.radar>;

export function radarQueryOptions(params: RadarParams) {
  return queryOptions({
    queryKey: ['content', 'radar', params],
    queryFn: async ({ signal }) => unwrap(await call(contentApi.radar, { body: params, signal })),
    meta: { showsOwnError: true },
  });
}

export function useRadar(params: RadarParams) {
  return useQuery({ ...radarQueryOptions(params), placeholderData: keepPreviousData });
}
