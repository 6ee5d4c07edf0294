/** GET /agent/v1/sett/order/aggr: the income page's headline figures, `can_out` included. */
import { settlementApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export function getSettAggr(signal?: AbortSignal) {
  return call(settlementApi.headline, { query: {}, signal });
}

export function settAggrQueryOptions() {
  return queryOptions({
    queryKey: [...incomeQueryKey, 'aggr'],
    queryFn: async ({ signal }) => unwrap(await getSettAggr(signal)),
    meta: { showsOwnError: true },
  });
}

export function useSettAggr() {
  return useQuery(settAggrQueryOptions());
}
