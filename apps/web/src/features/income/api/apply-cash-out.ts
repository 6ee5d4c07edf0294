/** POST /agent/v1/sett/cash_out/apply: withdraws `amount` to the creator's bank card or Alipay (SMS type 3 or 4). */
import { withdrawalApi, type EndpointBodyInput } from '@cc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { incomeQueryKey } from './query-keys';

export function useApplyCashOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBodyInput<typeof withdrawalApi.apply>) => call(withdrawalApi.apply, { body }),
    onSuccess: async (result) => {
      if (isSuccess(result)) await queryClient.invalidateQueries({ queryKey: incomeQueryKey });
    },
  });
}
