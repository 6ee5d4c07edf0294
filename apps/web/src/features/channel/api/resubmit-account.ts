/** POST /agent/v1/user/account/update: a rejected filing, corrected, back in review (issue 20); answers the filing. */
import type { Channel, ChannelUpdate } from '@cc/contracts';
import { request } from '../../../lib/api-client';
import { useFilingWrite } from './create-account';

export function resubmitAccount(payload: ChannelUpdate) {
  return request<Channel>('POST', '/agent/v1/user/account/update', { body: payload });
}

export function useResubmitAccount() {
  return useFilingWrite(resubmitAccount);
}
