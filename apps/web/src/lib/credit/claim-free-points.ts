/** POST /activity/receive/fixed/point: claims the free 100 points once; a second claim is refused (spec §4). */
import type { freePointsClaimSchema } from '@cc/contracts';
import type { z } from 'zod';
import { request } from '../api-client';

export type FreePointsClaim = z.infer<typeof freePointsClaimSchema>;

export function claimFreePoints() {
  return request<FreePointsClaim>('POST', '/activity/receive/fixed/point');
}
