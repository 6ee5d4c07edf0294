/** POST /agent/v1/sett/cash_out/apply: withdraws `amount` to the creator's bank card or Alipay (SMS type 3 or 4). */
import type { CashOutApplyRequest, WithdrawalRecord } from '@cc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export function applyCashOut(payload: CashOutApplyRequest) {
  return request<WithdrawalRecord>('POST', '/agent/v1/sett/cash_out/apply', { body: payload });
}

export function useApplyCashOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyCashOut,
    onSuccess: async (result) => {
      if (isSuccess(result)) await queryClient.invalidateQueries({ queryKey: incomeQueryKey });
    },
  });
}
