/** Files a channel for review; the answer is the new filing. */
import { channelApi, type Channel, type EndpointBodyInput } from '@cc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type ApiResult } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { channelQueryKey } from './query-keys';

export function createAccount(payload: EndpointBodyInput<typeof channelApi.create>) {
  return call(channelApi.create, { body: payload });
}

/** A write of a filing whose success refreshes the list (filing and resubmitting). */
export function useFilingWrite<Payload>(write: (payload: Payload) => Promise<ApiResult<Channel>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (result) => {
      if (isSuccess(result)) await queryClient.invalidateQueries({ queryKey: channelQueryKey });
    },
  });
}

export function useCreateAccount() {
  return useFilingWrite(createAccount);
}
