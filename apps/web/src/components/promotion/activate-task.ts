/** POST /agent/v1/task/active (a form body): after a copy, the received task joins 我的任务 (idempotent). */
import { promotionApi } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { promotionQueryKey } from '../../lib/promotion/query-keys';

export function useActivateTask() {
  return useMutation({
    mutationFn: (atrId: number) => call(promotionApi.activate, { body: { atr_id: atrId }, asForm: true }),
    // My tasks and the home figures count active tasks: refresh them once one is added.
    onSuccess: (result) => {
      if (result.code === 0) void queryClient.invalidateQueries({ queryKey: promotionQueryKey });
    },
  });
}
