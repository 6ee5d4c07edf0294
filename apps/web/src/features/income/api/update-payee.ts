/**
 * Saving a payee account: the bank card through `update_bank`, the Alipay account through `update_alipay`; the
 * withdraw page's account summary (`cash_out/first`) is read again afterwards.
 */
import { CashOutTo, userApi, type UpdateAlipayRequest, type UpdateBankRequest } from '@cc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { userInfoQueryKey } from '../../../lib/session/session';
import { cashOutFirstQueryKey } from './get-cash-out-first';
import { incomeQueryKey } from './query-keys';

export type UpdatePayeeRequest =
  | { type: typeof CashOutTo.Bank; account: UpdateBankRequest }
  | { type: typeof CashOutTo.Alipay; account: UpdateAlipayRequest };

export function updatePayee(request: UpdatePayeeRequest) {
  return request.type === CashOutTo.Bank
    ? call(userApi.updateBank, { body: request.account })
    : call(userApi.updateAlipay, { body: request.account });
}

export function useUpdatePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayee,
    onSuccess: async (result) => {
      if (!isSuccess(result)) return;
      // The first account sets the identity the profile, the agreement and the next accounts show.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: cashOutFirstQueryKey }),
        queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
        queryClient.invalidateQueries({ queryKey: [...incomeQueryKey, 'contract'] }),
      ]);
    },
  });
}
