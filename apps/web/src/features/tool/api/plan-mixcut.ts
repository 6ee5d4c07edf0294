/** POST /ai/v1/mixcut/plan: the timelines the planner would render, after the media are analysed. */
import type { HighCutConfig, MixcutPlan } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function planMixcut(mediaIds: number[], config: Partial<HighCutConfig>, signal?: AbortSignal) {
  return request<MixcutPlan>('POST', '/ai/v1/mixcut/plan', { body: { media_ids: mediaIds, config }, signal });
}
