/** The creator has seen the '审核通过' dialog, so it is not shown again (login). */
import { applyApi } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { applyStatusQueryKey, type ApplyStatus } from '../../lib/apply/get-apply-status';

export function useAckApproval() {
  return useMutation({
    mutationFn: () => call(applyApi.ack),
    onSuccess: (result) => {
      if (result.code !== 0) return;
      queryClient.setQueryData<ApplyStatus>(applyStatusQueryKey, (current) =>
        current?.application ? { application: { ...current.application, show_approved_dialog: false } } : current,
      );
    },
  });
}
