/** POST /agent/v1/sett/cash_out/cancel: the creator cancels a withdrawal still 已提交; its amount is available again. */
import { withdrawalApi } from '@cc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export function useCancelCashOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(withdrawalApi.cancel, { body: { id } }),
    onSuccess: async (result) => {
      if (isSuccess(result)) await queryClient.invalidateQueries({ queryKey: incomeQueryKey });
    },
  });
}
