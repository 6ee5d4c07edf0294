/** GET /agent/v1/sett/cash_out/detail?id=: one withdrawal with its amounts, payee and reason. */
import { withdrawalApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export function getCashOutDetail(id: number, signal?: AbortSignal) {
  return call(withdrawalApi.detail, { query: { id }, signal });
}

export function cashOutDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...incomeQueryKey, 'cash-out', 'detail', id],
    queryFn: async ({ signal }) => unwrap(await getCashOutDetail(id, signal)),
    meta: { showsOwnError: true },
  });
}

/** `id` null while no record is open. */
export function useCashOutDetail(id: number | null) {
  return useQuery({ ...cashOutDetailQueryOptions(id ?? 0), enabled: id !== null });
}
