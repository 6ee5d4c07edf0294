/** POST /agent/v1/user/login/check_qr {qr_id}: the desktop's poll; `access_token` once the phone confirmed (spec §7). */
import type { CheckQrResponse } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function checkQr(qrId: string, signal?: AbortSignal) {
  return request<CheckQrResponse>('POST', '/agent/v1/user/login/check_qr', { body: { qr_id: qrId }, signal });
}
