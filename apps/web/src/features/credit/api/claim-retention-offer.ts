/** POST /agent/v1/credit/retention/claim: the creator's retention offer and its deadline, issued once by the server. */
import type { RetentionClaim } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function claimRetentionOffer() {
  return request<RetentionClaim>('POST', '/agent/v1/credit/retention/claim');
}
