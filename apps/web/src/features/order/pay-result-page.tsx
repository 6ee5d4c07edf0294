/**
 * /pay/result?order_no=… — the order page Alipay's mobile cashier returns to (return_url) and its 返回商家 leads to
 * (quit_url). It shows the order as the server knows it, polled while it waits: the parameters Alipay
 * appends on return are ignored, since anyone can type them; the server credits only on Alipay's notification or its
 * own query. A waiting order can be paid on, or given up after '确定放弃支付？'.
 */
import { Button, Message, Result, Spin } from '@arco-design/web-react';
import { ORDER_POLL_MS, type OrderState } from '@cc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, isSuccess } from '../../lib/api-error';
import { useCreditTotal } from '../../lib/credit/get-credit-total';
import { openPointsModal, openPointsModalAfterLogin } from '../../lib/credit/points-modal';
import { refreshPoints } from '../../lib/credit/query-keys';
import { fillText } from '../../lib/fill-text';
import { formatYuan } from '../../lib/format';
import { confirmAbandonPayment } from './confirm-abandon';
import { paths } from '../../lib/paths';
import { openLoginModal } from '../../lib/session/login-modal';
import { useIsLoggedIn } from '../../lib/session/token';
import { text } from '../../locales/zh-CN';
import { cancelOrder } from './api/cancel-order';
import { isClosed, isPaid, orderStatusQueryKey, orderStatusQueryOptions } from './api/get-order-status';
import styles from './pay-result-page.module.css';

const copy = text.order.result;

/** The order's figures; its points are 已到账 only once the server has them paid. */
function OrderFacts({ order }: { order: OrderState }) {
  const points = isPaid(order) ? text.order.success.credited : copy.points;
  return (
    <div className={styles.facts}>
      {/* The amount, without a label of its own, so without a role to be named by: tests find it by test id. */}
      <strong className={styles.amount} data-testid="pay-result-amount">
        {formatYuan(order.price)}
      </strong>
      <span>{fillText(points, { credit: order.credit + order.gift_credit })}</span>
      <span className={styles.orderNo}>{fillText(copy.orderNo, { orderNo: order.order_no })}</span>
    </div>
  );
}

function PaidResult({ order }: { order: OrderState }) {
  const navigate = useNavigate();
  const { data: total } = useCreditTotal();
  return (
    <Result
      status="success"
      title={copy.paid}
      subTitle={
        <>
          <OrderFacts order={order} />
          {total && <span className={styles.total}>{fillText(text.order.success.total, { total: total.total })}</span>}
        </>
      }
      extra={
        <div className={styles.actions}>
          <Button type="primary" size="large" long onClick={() => navigate(paths.tool)}>
            {copy.useTool}
          </Button>
          <Button size="large" long onClick={() => navigate(paths.home)}>
            {copy.home}
          </Button>
        </div>
      }
    />
  );
}

function WaitingResult({ order, orderNo }: { order: OrderState; orderNo: string }) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelOrder(orderNo),
    onSuccess: (result) => {
      if (!isSuccess(result)) return Message.error(result.msg || text.order.orderFailed);
      queryClient.setQueryData(orderStatusQueryKey(orderNo), result.body);
      if (!isPaid(result.body)) Message.info(text.order.payCancelled);
    },
  });
  return (
    <Result
      icon={<Spin size={40} />}
      title={copy.waiting}
      subTitle={
        <>
          <OrderFacts order={order} />
          <span className={styles.hint}>{copy.waitingHint}</span>
        </>
      }
      extra={
        <div className={styles.actions}>
          {order.pay_url && (
            <Button type="primary" size="large" long href={order.pay_url}>
              {copy.continuePay}
            </Button>
          )}
          <Button
            size="large"
            long
            loading={cancel.isPending}
            onClick={() => confirmAbandonPayment(() => cancel.mutate())}
          >
            {copy.abandon}
          </Button>
        </div>
      }
    />
  );
}

function ClosedResult({ order }: { order: OrderState }) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={copy.closed}
      subTitle={
        <>
          <OrderFacts order={order} />
          <span className={styles.hint}>{copy.closedHint}</span>
        </>
      }
      extra={
        <div className={styles.actions}>
          <Button type="primary" size="large" long onClick={() => openPointsModal('list')}>
            {copy.buyAgain}
          </Button>
          <Button size="large" long onClick={() => navigate(paths.home)}>
            {copy.home}
          </Button>
        </div>
      }
    />
  );
}

/**
 * No order to show (no order number, or one the server does not know): the page says where the points are and
 * leads there, and home, rather than ending the creator's way back from the cashier.
 */
function MissingResult({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={copy.title}
      subTitle={message}
      extra={
        <div className={styles.actions}>
          <Button type="primary" size="large" long onClick={() => openPointsModalAfterLogin('detail')}>
            {copy.pointsDetail}
          </Button>
          <Button size="large" long onClick={() => navigate(paths.home)}>
            {copy.home}
          </Button>
        </div>
      }
    />
  );
}

function OrderResult({ orderNo }: { orderNo: string }) {
  const { data: order, error } = useQuery({
    ...orderStatusQueryOptions(orderNo),
    refetchInterval: (query) => {
      const latest = query.state.data;
      return latest && (isPaid(latest) || isClosed(latest)) ? false : ORDER_POLL_MS;
    },
  });
  const paid = order !== undefined && isPaid(order);
  const refreshed = useRef(false);
  useEffect(() => {
    if (!paid || refreshed.current) return;
    refreshed.current = true;
    void refreshPoints();
  }, [paid]);

  if (!order) {
    if (!error) return <Spin className={styles.loading} />;
    const message = error instanceof ApiError && error.msg ? error.msg : copy.missing;
    return <MissingResult message={message} />;
  }
  if (paid) return <PaidResult order={order} />;
  if (isClosed(order)) return <ClosedResult order={order} />;
  return <WaitingResult order={order} orderNo={orderNo} />;
}

export function PayResultPage() {
  const [searchParams] = useSearchParams();
  // Only our own order number is read; whatever else Alipay (or anyone) appended is not evidence of a payment.
  const orderNo = searchParams.get('order_no');
  const isLoggedIn = useIsLoggedIn();

  let content;
  if (!orderNo) {
    content = <MissingResult message={copy.missing} />;
  } else if (!isLoggedIn) {
    content = (
      <Result
        status="info"
        title={copy.title}
        extra={
          <Button type="primary" size="large" long onClick={() => openLoginModal()}>
            {text.auth.confirm.login}
          </Button>
        }
      />
    );
  } else {
    content = <OrderResult orderNo={orderNo} />;
  }
  return (
    <section className={styles.page} aria-label={copy.title}>
      {content}
    </section>
  );
}
