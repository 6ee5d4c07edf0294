/** GET /agent/v1/sett/order/page: the creator's share orders, newest first, with the list filters. */
import { settlementApi, type SettOrderPageQuery } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export function getSettOrders(params: SettOrderPageQuery, signal?: AbortSignal) {
  return call(settlementApi.orderPage, { query: params, signal });
}

export function settOrdersQueryOptions(params: SettOrderPageQuery) {
  return queryOptions({
    queryKey: [...incomeQueryKey, 'orders', params],
    queryFn: async ({ signal }) => unwrap(await getSettOrders(params, signal)),
    meta: { showsOwnError: true },
  });
}

export function useSettOrders(params: SettOrderPageQuery) {
  return useQuery({ ...settOrdersQueryOptions(params), placeholderData: keepPreviousData });
}
