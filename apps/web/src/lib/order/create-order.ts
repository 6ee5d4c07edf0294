/**
 * Orders one points package paid through this device's Alipay channel (a QR
 * on desktops, the mobile cashier on phones); the answer is the order the payment dialog shows.
 */
import { ORDER_QUANTITY, orderApi, OrderType } from '@cc/contracts';
import { call } from '../api-client';
import { payChannelOfThisDevice } from './pay-channel';

export function createOrder(packageId: number) {
  return call(orderApi.create, {
    body: {
      type: OrderType.Recharge,
      pro_id: packageId,
      quantity: ORDER_QUANTITY,
      pay_channel: payChannelOfThisDevice(),
    },
  });
}
