/** The order's trade state, polled every 5 s while the dialog waits. */
import { orderApi, TradeStatus, type OrderState } from '@cc/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export function getOrderStatus(orderNo: string, signal?: AbortSignal) {
  return call(orderApi.status, { query: { order_no: orderNo }, signal });
}

export function orderStatusQueryKey(orderNo: string) {
  return ['order', 'status', orderNo] as const;
}

export function orderStatusQueryOptions(orderNo: string) {
  return queryOptions({
    queryKey: orderStatusQueryKey(orderNo),
    queryFn: async ({ signal }) => unwrap(await getOrderStatus(orderNo, signal)),
    // A missed poll is retried by the next one; a toast every 5 s would only nag.
    meta: { showsOwnError: true },
  });
}

/** TRADE_SUCCESS or TRADE_FINISHED. */
export function isPaid(order: Pick<OrderState, 'status'>): boolean {
  return order.status === TradeStatus.Success || order.status === TradeStatus.Finished;
}

export function isClosed(order: Pick<OrderState, 'status'>): boolean {
  return order.status === TradeStatus.Closed;
}
