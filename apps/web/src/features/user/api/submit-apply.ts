/** Sends the onboarding application; the answer is the application as stored (login). */
import { applyApi, type EndpointBodyInput } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { applyStatusQueryKey, type ApplyStatus } from '../../../lib/apply/get-apply-status';

export function submitApply(payload: EndpointBodyInput<typeof applyApi.submit>) {
  return call(applyApi.submit, { body: payload });
}

export function useSubmitApply() {
  return useMutation({
    mutationFn: submitApply,
    onSuccess: (result) => {
      if (result.code === 0) queryClient.setQueryData<ApplyStatus>(applyStatusQueryKey, { application: result.body });
    },
  });
}
