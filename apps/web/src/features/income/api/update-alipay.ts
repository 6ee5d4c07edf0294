/** POST /agent/v1/user/update_alipay: add or change the creator's Alipay account (SMS code of type 4; spec §7). */
import type { UpdateAlipayRequest } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function updateAlipay(payload: UpdateAlipayRequest) {
  return request<unknown>('POST', '/agent/v1/user/update_alipay', { body: payload });
}
