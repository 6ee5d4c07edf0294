/** POST /agent/v1/user/login/scan_qr {qr_id}: the phone opened the QR; answers which browser asks to log in. */
import type { QrInfoResponse } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function scanQr(qrId: string) {
  return request<QrInfoResponse>('POST', '/agent/v1/user/login/scan_qr', { body: { qr_id: qrId } });
}
