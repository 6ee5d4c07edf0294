/** GET /agent/v1/credit/retention: the retention offer package, or null when none is running (spec §4). */
import type { CreditPackage } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export interface RetentionOfferResponse {
  offer: CreditPackage | null;
}

export function getRetentionOffer() {
  return request<RetentionOfferResponse>('GET', '/agent/v1/credit/retention');
}
