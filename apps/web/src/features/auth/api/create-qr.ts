/** POST /agent/v1/user/login/create_qr: a two-minute login QR; its secret comes back as an HttpOnly cookie (spec §7). */
import type { CreateQrResponse } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function createQr() {
  return request<CreateQrResponse>('POST', '/agent/v1/user/login/create_qr');
}
