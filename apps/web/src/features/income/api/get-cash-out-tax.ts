/** POST /agent/v1/sett/cash_out/tax: previews income, tax and pay amount of a withdrawal of `amount`. */
import { withdrawalApi } from '@cc/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export function getCashOutTax(amount: string, signal?: AbortSignal) {
  return call(withdrawalApi.tax, { body: { amount }, signal });
}

export function cashOutTaxQueryOptions(amount: string) {
  return queryOptions({
    queryKey: [...incomeQueryKey, 'cash-out', 'tax', amount],
    queryFn: async ({ signal }) => unwrap(await getCashOutTax(amount, signal)),
    meta: { showsOwnError: true },
  });
}

/** `amount` null while the typed amount is not a valid withdrawal: nothing is asked then. */
export function useCashOutTax(amount: string | null) {
  return useQuery({ ...cashOutTaxQueryOptions(amount ?? ''), enabled: amount !== null });
}
