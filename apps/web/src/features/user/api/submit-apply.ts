/** POST /agent/v1/apply/submit: sends the onboarding application; the answer is the application as stored (login). */
import type { Application, ApplySubmit } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { applyStatusQueryKey, type ApplyStatus } from '../../../lib/apply/get-apply-status';

export function submitApply(payload: ApplySubmit) {
  return request<Application>('POST', '/agent/v1/apply/submit', { body: payload });
}

export function useSubmitApply() {
  return useMutation({
    mutationFn: submitApply,
    onSuccess: (result) => {
      if (result.code === 0) queryClient.setQueryData<ApplyStatus>(applyStatusQueryKey, { application: result.body });
    },
  });
}
