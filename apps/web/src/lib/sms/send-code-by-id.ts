/** POST /agent/v1/user/send_code_by_id: texts a code to the logged-in creator's own phone (wallet, bank, alipay; spec §7). */
import type { SendCodeResponse, SmsType } from '@cc/contracts';
import { request } from '../api-client';

export function sendCodeById(type: SmsType) {
  return request<SendCodeResponse>('POST', '/agent/v1/user/send_code_by_id', { body: { type } });
}
