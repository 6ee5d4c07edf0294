/**
 * POST /agent/v1/user/update_bank and /user/update_alipay: add or change the creator's bank card (SMS type 3) or
 * Alipay account (SMS type 4); the withdraw page's account summary is read again afterwards.
 */
import type { UpdateAlipayRequest, UpdateBankRequest } from '@cc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { cashOutFirstQueryKey } from './get-cash-out-first';

export type UpdatePayeeRequest = ({ type: 1 } & UpdateBankRequest) | ({ type: 2 } & UpdateAlipayRequest);

export function updatePayee({ type, ...payload }: UpdatePayeeRequest) {
  const path = type === 1 ? '/agent/v1/user/update_bank' : '/agent/v1/user/update_alipay';
  return request<unknown>('POST', path, { body: payload });
}

export function useUpdatePayee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePayee,
    onSuccess: async (result) => {
      if (isSuccess(result)) await queryClient.invalidateQueries({ queryKey: cashOutFirstQueryKey });
    },
  });
}
