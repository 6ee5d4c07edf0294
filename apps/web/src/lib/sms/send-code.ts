/** POST /agent/v1/user/send_code: texts a verification code to a phone for login, apply, bank, alipay or wallet (spec §7). */
import type { SendCodeRequest, SendCodeResponse } from '@cc/contracts';
import { request } from '../api-client';

export function sendCode(payload: SendCodeRequest) {
  return request<SendCodeResponse>('POST', '/agent/v1/user/send_code', { body: payload });
}
