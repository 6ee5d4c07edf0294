/** POST /agent/v1/task/active (a form body, spec §7): after a copy, the received task joins 我的任务 (idempotent). */
import { useMutation } from '@tanstack/react-query';
import { request } from '../api-client';
import { queryClient } from '../query-client';
import { promotionQueryKey } from './query-keys';

export interface ActivateTaskResult {
  atr_id: number;
  actived_at: string;
}

export function activateTask(atrId: number) {
  return request<ActivateTaskResult>('POST', '/agent/v1/task/active', { form: { atr_id: atrId } });
}

export function useActivateTask() {
  return useMutation({
    mutationFn: activateTask,
    // My tasks and the home figures count active tasks: refresh them once one is added.
    onSuccess: (result) => {
      if (result.code === 0) void queryClient.invalidateQueries({ queryKey: promotionQueryKey });
    },
  });
}
