/** Ends an unpaid order when the dialog closes, the 9:59 runs out, or the creator gives up on the phone's cashier. */
import { orderApi } from '@cc/contracts';
import { call } from '../../../lib/api-client';

export function cancelOrder(orderNo: string) {
  return call(orderApi.cancel, { query: { order_no: orderNo } });
}
