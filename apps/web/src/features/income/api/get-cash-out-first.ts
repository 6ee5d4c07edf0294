/** GET /agent/v1/sett/cash_out/first: limits, balance, real name, contract and payee accounts of the withdraw page. */
import { withdrawalApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export function getCashOutFirst(signal?: AbortSignal) {
  return call(withdrawalApi.first, { signal });
}

export const cashOutFirstQueryKey = [...incomeQueryKey, 'cash-out', 'first'] as const;

export function cashOutFirstQueryOptions() {
  return queryOptions({
    queryKey: cashOutFirstQueryKey,
    queryFn: async ({ signal }) => unwrap(await getCashOutFirst(signal)),
    // The balance moves with every settlement and withdrawal: read it afresh on each visit.
    staleTime: 0,
    meta: { showsOwnError: true },
  });
}

export function useCashOutFirst() {
  return useQuery(cashOutFirstQueryOptions());
}
