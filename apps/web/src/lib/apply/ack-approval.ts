/** POST /agent/v1/apply/ack: the creator has seen the '审核通过' dialog, so it is not shown again (login). */
import { useMutation } from '@tanstack/react-query';
import { request } from '../api-client';
import { queryClient } from '../query-client';
import { applyStatusQueryKey, type ApplyStatus } from './get-apply-status';

export function ackApproval() {
  return request<unknown>('POST', '/agent/v1/apply/ack');
}

export function useAckApproval() {
  return useMutation({
    mutationFn: ackApproval,
    onSuccess: (result) => {
      if (result.code !== 0) return;
      queryClient.setQueryData<ApplyStatus>(applyStatusQueryKey, (current) =>
        current?.application ? { application: { ...current.application, show_approved_dialog: false } } : current,
      );
    },
  });
}
