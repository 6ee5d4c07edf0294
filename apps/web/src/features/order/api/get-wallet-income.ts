/** GET /agent/v1/credit/income: the withdrawable wallet balance `can_out` that decides the pay types (spec §3, §5). */
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { creditQueryKey } from '../../../lib/credit/query-keys';

export interface WalletIncome {
  /** Yuan with two decimals. */
  can_out: string;
}

export function getWalletIncome(signal?: AbortSignal) {
  return request<WalletIncome>('GET', '/agent/v1/credit/income', { signal });
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
