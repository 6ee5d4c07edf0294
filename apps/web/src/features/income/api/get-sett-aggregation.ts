/** GET /agent/v1/sett/order/aggregation: figures by app and by day over a Beijing date range, for the chart. */
import { settlementApi, type SettAggregationQuery } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export function getSettAggregation(params: SettAggregationQuery, signal?: AbortSignal) {
  return call(settlementApi.aggregation, { query: params, signal });
}

export function settAggregationQueryOptions(params: SettAggregationQuery) {
  return queryOptions({
    queryKey: [...incomeQueryKey, 'aggregation', params],
    queryFn: async ({ signal }) => unwrap(await getSettAggregation(params, signal)),
    meta: { showsOwnError: true },
  });
}

export function useSettAggregation(params: SettAggregationQuery) {
  return useQuery({ ...settAggregationQueryOptions(params), placeholderData: keepPreviousData });
}
