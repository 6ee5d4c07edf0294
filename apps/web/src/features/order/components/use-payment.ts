/**
 * One order's payment session: its state polled every 5 s while waiting, the 9:59 window and the QR's
 * 5 minutes counted down, pay-type changes, QR refresh, and the three endings — paid ('支付成功', balances refreshed),
 * timed out (cancel, '订单已超时') and closed by the creator (cancel, '支付已取消').
 */
import { Message } from '@arco-design/web-react';
import { ORDER_POLL_MS, orderApi, type OrderState } from '@cc/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call, type ApiResult } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { refreshPoints } from '../../../lib/credit/query-keys';
import { confirmAbandonPayment } from '../confirm-abandon';
import { closePaymentDialog, emitPaymentSuccess, type PaymentRequest } from '../../../lib/order/payment-dialog';
import { useSecondsUntil } from '../../../lib/use-now';
import { text } from '../../../locales/zh-CN';
import { cancelOrder } from '../api/cancel-order';
import { isClosed, isPaid, orderStatusQueryKey, orderStatusQueryOptions } from '../api/get-order-status';
import { useWalletIncome, walletIncomeQueryKey } from '../api/get-wallet-income';
import { payTypeAvailability, walletAvailableYuan, type PayTypeValue } from '../pay-types';

/** A server time (ISO) as a browser time, through the offset measured when the order arrived. */
function browserTime(iso: string | null, clockOffsetMs: number): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isFinite(time) ? time - clockOffsetMs : null;
}

/** Reports a failed order call with the server's words, else '订单失败，请重试'. */
function reportOrderFailure(result: ApiResult<unknown>) {
  Message.error(result.msg || text.order.orderFailed);
}

/**
 * Ends the order on the server and records its final state; true when it is cancelled. A payment that slipped in
 * first wins instead: the paid state then announces the success.
 */
async function cancelOrderOf(orderNo: string, queryClient: QueryClient): Promise<boolean> {
  const result = await cancelOrder(orderNo);
  if (!isSuccess(result)) {
    reportOrderFailure(result);
    return false;
  }
  queryClient.setQueryData(orderStatusQueryKey(orderNo), result.body);
  return !isPaid(result.body);
}

export function usePayment({ order: created, clockOffsetMs }: PaymentRequest, open: boolean) {
  const queryClient = useQueryClient();
  const orderNo = created.order_no;
  const { data: order } = useQuery({
    ...orderStatusQueryOptions(orderNo),
    initialData: created,
    // Polling, not staleness, decides when to ask again.
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => {
      const latest = query.state.data ?? created;
      return open && !isPaid(latest) && !isClosed(latest) ? ORDER_POLL_MS : false;
    },
    // The creator may be paying in another tab or on a phone: keep asking while this tab is in the background.
    refetchIntervalInBackground: true,
  });
  const paid = isPaid(order);
  const pending = !paid && !isClosed(order);
  // Set once this session has ended on our side (closed or timed out), so later answers do not end it twice.
  const ended = useRef(false);
  const announced = useRef(false);

  const showOrder = (next: OrderState) => queryClient.setQueryData(orderStatusQueryKey(orderNo), next);
  /** A refused change may mean the order moved on (a scan paid it meanwhile): ask for its state at once. */
  const reportAndRecheck = (result: ApiResult<unknown>) => {
    reportOrderFailure(result);
    void queryClient.invalidateQueries({ queryKey: orderStatusQueryKey(orderNo) });
  };

  const income = useWalletIncome({ enabled: open && pending });
  const walletYuan = income.data ? walletAvailableYuan(income.data.can_out, order) : null;
  const availability = walletYuan === null ? null : payTypeAvailability(order.wallet_pay_total, walletYuan);

  const counting = open && pending;
  const deadline = counting ? browserTime(order.expires_at, clockOffsetMs) : null;
  const secondsLeft = useSecondsUntil(deadline);
  const qrDeadline = counting && order.pay_qr_code ? browserTime(order.qr_expires_at, clockOffsetMs) : null;
  const qrSecondsLeft = useSecondsUntil(qrDeadline);
  const qrExpired = qrDeadline !== null && qrSecondsLeft === 0;
  const timedOut = deadline !== null && secondsLeft === 0;

  const switchPayType = useMutation({
    mutationFn: (payType: PayTypeValue) =>
      call(orderApi.changePayType, { query: { order_no: orderNo, pay_type: payType } }),
    onSuccess: async (result) => {
      if (!isSuccess(result)) return reportAndRecheck(result);
      // A combo holds part of the wallet: read the balance again before showing the new split.
      await queryClient.invalidateQueries({ queryKey: walletIncomeQueryKey });
      showOrder(result.body);
    },
  });

  const refreshQr = useMutation({
    mutationFn: () => call(orderApi.resetQrCode, { query: { order_no: orderNo } }),
    onSuccess: (result) => (isSuccess(result) ? showOrder(result.body) : reportAndRecheck(result)),
  });

  useEffect(() => {
    if (!paid || announced.current) return;
    announced.current = true;
    Message.success(text.order.paySuccess);
    void refreshPoints();
    emitPaymentSuccess(order);
  }, [paid, order]);

  useEffect(() => {
    if (!timedOut || ended.current) return;
    // The window is over whatever the cancel answers; the server's own timeout closes the order if this call fails.
    ended.current = true;
    Message.warning(text.order.orderTimeout);
    closePaymentDialog();
    void cancelOrder(orderNo).then((result) => {
      if (isSuccess(result)) queryClient.setQueryData(orderStatusQueryKey(orderNo), result.body);
    });
  }, [timedOut, orderNo, queryClient]);

  useEffect(() => {
    // The server ended the order itself (its timeout job ran first): say so and close.
    if (!open || pending || paid || ended.current) return;
    ended.current = true;
    Message.warning(text.order.orderTimeout);
    closePaymentDialog();
  }, [open, pending, paid]);

  /**
   * Closing an unpaid order asks '确定放弃支付？' first, then cancels it ('支付已取消'); a paid or ended one
   * just closes.
   */
  function close() {
    if (!pending || ended.current) return closePaymentDialog();
    confirmAbandonPayment(() => {
      closePaymentDialog();
      if (ended.current) return;
      ended.current = true;
      void cancelOrderOf(orderNo, queryClient).then((cancelled) => cancelled && Message.info(text.order.payCancelled));
    });
  }

  return {
    order,
    paid,
    secondsLeft,
    qrExpired,
    availability,
    walletYuan,
    switchingPayType: switchPayType.isPending,
    switchPayType: (payType: PayTypeValue) => switchPayType.mutate(payType),
    refreshingQr: refreshQr.isPending,
    refreshQr: () => refreshQr.mutate(),
    showOrder,
    close,
  };
}
