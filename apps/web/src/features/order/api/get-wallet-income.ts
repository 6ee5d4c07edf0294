/** The withdrawable wallet balance `can_out` that decides the pay types. */
import { useQuery } from '@tanstack/react-query';
import { orderApi } from '@cc/contracts';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { creditQueryKey } from '../../../lib/credit/query-keys';

export function getWalletIncome(signal?: AbortSignal) {
  return call(orderApi.walletIncome, { signal });
}

export const walletIncomeQueryKey = [...creditQueryKey, 'income'] as const;

export function useWalletIncome({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: walletIncomeQueryKey,
    queryFn: async ({ signal }) => unwrap(await getWalletIncome(signal)),
    enabled,
    // A combo payment holds part of the balance: always read it afresh.
    staleTime: 0,
    meta: { showsOwnError: true },
  });
}
