/** POST /agent/v1/task/receive: takes a task and answers its promotion links and code (spec §4, §7; idempotent). */
import type { ReceiveResult } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../api-client';

export interface ReceiveTaskRequest {
  task_id: number;
  task_type: number;
}

export function receiveTask(payload: ReceiveTaskRequest) {
  return request<ReceiveResult>('POST', '/agent/v1/task/receive', { body: payload });
}

export function useReceiveTask() {
  return useMutation({ mutationFn: receiveTask });
}
