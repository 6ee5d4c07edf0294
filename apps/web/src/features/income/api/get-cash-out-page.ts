/** GET /agent/v1/sett/cash_out/page: the creator's withdrawals, newest first. */
import { withdrawalApi } from '@cc/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export interface CashOutPageParams {
  page_num: number;
  page_size: number;
}

export function getCashOutPage(params: CashOutPageParams, signal?: AbortSignal) {
  return call(withdrawalApi.page, { query: params, signal });
}

export function cashOutPageQueryOptions(params: CashOutPageParams) {
  return queryOptions({
    queryKey: [...incomeQueryKey, 'cash-out', 'page', params],
    queryFn: async ({ signal }) => unwrap(await getCashOutPage(params, signal)),
    meta: { showsOwnError: true },
  });
}

export function useCashOutPage(params: CashOutPageParams) {
  return useQuery({ ...cashOutPageQueryOptions(params), placeholderData: keepPreviousData });
}
