/** GET /agent/v1/order/reset_qr_code: a fresh payment QR, valid 5 minutes, after the old one expired (spec §4, §7). */
import type { OrderState } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function resetQrCode(orderNo: string) {
  return request<OrderState>('GET', '/agent/v1/order/reset_qr_code', { query: { order_no: orderNo } });
}
