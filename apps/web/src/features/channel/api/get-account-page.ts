/** GET /agent/v1/user/account/page: the creator's channel filings, newest first, optionally of one review status. */
import type { Channel, Paged, ReportStatus } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { channelQueryKey } from './query-keys';

export interface AccountPageParams {
  page_num: number;
  page_size: number;
  report_status?: ReportStatus;
}

export function getAccountPage(params: AccountPageParams, signal?: AbortSignal) {
  return request<Paged<Channel>>('GET', '/agent/v1/user/account/page', { query: { ...params }, signal });
}

export function accountPageQueryOptions(params: AccountPageParams) {
  return queryOptions({
    queryKey: [...channelQueryKey, 'page', params],
    queryFn: async ({ signal }) => unwrap(await getAccountPage(params, signal)),
    meta: { showsOwnError: true },
  });
}

export function useAccountPage(params: AccountPageParams) {
  return useQuery({ ...accountPageQueryOptions(params), placeholderData: keepPreviousData });
}
