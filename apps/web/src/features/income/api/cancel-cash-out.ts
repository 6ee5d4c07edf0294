/** POST /agent/v1/sett/cash_out/cancel: the creator cancels a withdrawal still 已提交; its amount is available again. */
import type { WithdrawalRecord } from '@cc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export function cancelCashOut(id: number) {
  return request<WithdrawalRecord>('POST', '/agent/v1/sett/cash_out/cancel', { body: { id } });
}

export function useCancelCashOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCashOut,
    onSuccess: async (result) => {
      if (isSuccess(result)) await queryClient.invalidateQueries({ queryKey: incomeQueryKey });
    },
  });
}
