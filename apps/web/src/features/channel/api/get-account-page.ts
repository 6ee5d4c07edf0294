/** The creator's channel filings, newest first, optionally of one review status. */
import { channelApi, type EndpointQueryInput } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { channelQueryKey } from './query-keys';

export type AccountPageParams = EndpointQueryInput<typeof channelApi.page>;

export function getAccountPage(params: AccountPageParams, signal?: AbortSignal) {
  return call(channelApi.page, { query: params, signal });
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
