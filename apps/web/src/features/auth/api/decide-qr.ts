/** POST /agent/v1/user/login/confirm_qr and /cancel_qr {qr_id}: the phone allows or refuses the desktop's login. */
import { request } from '../../../lib/api-client';

export function decideQr(qrId: string, decision: 'confirm' | 'cancel') {
  return request<null>('POST', `/agent/v1/user/login/${decision}_qr`, { body: { qr_id: qrId } });
}
