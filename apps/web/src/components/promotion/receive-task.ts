/** POST /agent/v1/task/receive: takes a task and answers its promotion links and code (idempotent). */
import { promotionApi, type EndpointBodyInput } from '@cc/contracts';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

export function useReceiveTask() {
  return useMutation({
    mutationFn: (body: EndpointBodyInput<typeof promotionApi.receive>) => call(promotionApi.receive, { body }),
  });
}
