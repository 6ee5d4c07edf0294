/** GET /agent/v1/order/cancel: ends an unpaid order when the dialog closes or the 9:59 runs out (spec §4, §7). */
import type { OrderState } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function cancelOrder(orderNo: string) {
  return request<OrderState>('GET', '/agent/v1/order/cancel', { query: { order_no: orderNo } });
}
