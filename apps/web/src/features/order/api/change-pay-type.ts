/** GET /agent/v1/order/change_pay_type: pays the order by alipay, wallet or combo instead (spec §4, §7). */
import type { OrderState } from '@cc/contracts';
import { request } from '../../../lib/api-client';
import type { PayTypeValue } from '../pay-types';

export function changePayType(orderNo: string, payType: PayTypeValue) {
  return request<OrderState>('GET', '/agent/v1/order/change_pay_type', {
    query: { order_no: orderNo, pay_type: payType },
  });
}
