/**
 * POST /agent/v1/order/wallet_pay: pays the whole order from the wallet with an SMS code of type 5 (spec §5, §7),
 * or without one while the money session is open (ADR 0026).
 */
import type { OrderState } from '@cc/contracts';
import { request } from '../../../lib/api-client';

export function walletPay(orderNo: string, code: string | undefined) {
  return request<OrderState>('POST', '/agent/v1/order/wallet_pay', { body: { order_no: orderNo, code } });
}
