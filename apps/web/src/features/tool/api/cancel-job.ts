/** POST /ai/v1/jobs/{id}/cancel: stops a queued or running job; its points come back. */
import type { ToolJob } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function cancelJob(id: string) {
  return request<ToolJob>('POST', `/ai/v1/jobs/${encodeURIComponent(id)}/cancel`);
}
