/**
 * The payment dialog, rendered once by the app shell and opened through the payment-dialog store:
 * the package and amount, the pay type switch, the QR or the wallet form, the 9:59 countdown, and the success state.
 */
import { Button, Spin, Tag } from '@arco-design/web-react';
import { IconCheckCircleFill } from '@arco-design/web-react/icon';
import { PayChannel, PayType, type OrderState } from '@cc/contracts';
import { AppModal } from '../../../components/app-modal';
import { useCreditTotal } from '../../../lib/credit/get-credit-total';
import { packagePrice } from '../../../lib/credit/package-price';
import { fillText } from '../../../lib/fill-text';
import { formatDuration, formatYuan } from '../../../lib/format';
import { closePaymentDialog, usePaymentDialog, type PaymentRequest } from '../../../lib/order/payment-dialog';
import { useUserInfo } from '../../../lib/session/get-user-info';
import { text } from '../../../locales/zh-CN';
import { PayQr } from './pay-qr';
import { PayTypePicker } from './pay-type-picker';
import styles from './payment-dialog.module.css';
import { usePayment } from './use-payment';
import { WalletPayForm } from './wallet-pay-form';

const DIALOG_WIDTH = 480;

function OrderSummary({ payment }: { payment: PaymentRequest }) {
  const { pack, order } = payment;
  const price = packagePrice(pack);
  return (
    <div className={styles.summary}>
      <div className={styles.summaryRow}>
        <span className={styles.summaryLabel}>{text.order.summary.package}</span>
        <span className={styles.summaryValue}>
          {pack.name} · {fillText(text.order.summary.credit, { credit: pack.credit })}
          {pack.gift_credit > 0 && (
            <span className={styles.gift}>
              {' '}
              {fillText(text.order.summary.giftCredit, { credit: pack.gift_credit })}
            </span>
          )}
        </span>
      </div>
      <div className={styles.summaryRow}>
        <span className={styles.summaryLabel}>{text.order.summary.amount}</span>
        <span className={styles.summaryValue}>
          <strong className={styles.price}>{formatYuan(order.price)}</strong>
          {price.original && <s className={styles.original}>{price.original}</s>}
          {price.discount && (
            <Tag size="small" color="red" className={styles.discount}>
              {price.discount}
            </Tag>
          )}
        </span>
      </div>
    </div>
  );
}

interface AmountLabels {
  amount: string;
  comboSplit: string;
  comboSplitTax: string;
}

const scanLabels: AmountLabels = {
  amount: text.order.scanAmount,
  comboSplit: text.order.comboSplit,
  comboSplitTax: text.order.comboSplitTax,
};

/** What Alipay is to pay: the whole price, or a combo's rest beside the wallet's share (and the tax on it). */
function AlipayAmount({ order, labels }: { order: OrderState; labels: AmountLabels }) {
  const combo = order.pay_type === PayType.Combo;
  return (
    <div className={styles.amountLine}>
      {combo
        ? fillText(order.wallet_tax === '0.00' ? labels.comboSplit : labels.comboSplitTax, {
            wallet: formatYuan(order.wallet_amount),
            tax: formatYuan(order.wallet_tax),
            scan: formatYuan(order.qr_amount),
          })
        : labels.amount}
      {!combo && <strong className={styles.amount}>{formatYuan(order.qr_amount)}</strong>}
    </div>
  );
}

/**
 * The phone's payment: Alipay's mobile cashier opens in this browser (or hands over to the Alipay
 * app) and returns to the order page, which shows what the server learns from Alipay.
 */
function WapPay({ order }: { order: OrderState }) {
  return (
    <div className={styles.scan} role="group" aria-label={text.order.wap.amount}>
      <AlipayAmount order={order} labels={text.order.wap} />
      <Button type="primary" size="large" long href={order.pay_url}>
        {text.order.wap.open}
      </Button>
      <p className={styles.hint}>{text.order.wap.hint}</p>
    </div>
  );
}

function PaymentSuccess({ credit, onDone }: { credit: number; onDone: () => void }) {
  const { data: total } = useCreditTotal();
  return (
    <div className={styles.success}>
      <IconCheckCircleFill className={styles.successIcon} />
      <div className={styles.successTitle}>{text.order.success.title}</div>
      <div className={styles.successLine}>{fillText(text.order.success.credited, { credit })}</div>
      {total && <div className={styles.successLine}>{fillText(text.order.success.total, { total: total.total })}</div>}
      <Button type="primary" size="large" className={styles.done} onClick={onDone}>
        {text.order.success.done}
      </Button>
    </div>
  );
}

function PaymentSession({ payment, open }: { payment: PaymentRequest; open: boolean }) {
  const session = usePayment(payment, open);
  const { data: user } = useUserInfo();
  const { order } = session;

  return (
    <AppModal title={text.order.title} visible={open} onCancel={session.close} width={DIALOG_WIDTH}>
      {session.paid ? (
        <PaymentSuccess credit={order.credit + order.gift_credit} onDone={closePaymentDialog} />
      ) : (
        <div className={styles.body}>
          <OrderSummary payment={{ ...payment, order }} />
          <PayTypePicker
            value={order.pay_type}
            availability={session.availability}
            walletYuan={session.walletYuan}
            busy={session.switchingPayType}
            onChange={session.switchPayType}
          />
          <Spin loading={session.switchingPayType} block className={styles.payArea}>
            {order.pay_type === PayType.Wallet ? (
              <WalletPayForm order={order} phone={user?.phone ?? ''} onPaid={session.showOrder} />
            ) : order.pay_channel === PayChannel.Wap ? (
              order.pay_url && <WapPay order={order} />
            ) : (
              order.pay_qr_code && (
                <div className={styles.scan}>
                  <PayQr
                    value={order.pay_qr_code}
                    expired={session.qrExpired}
                    refreshing={session.refreshingQr}
                    onRefresh={session.refreshQr}
                  />
                  <AlipayAmount order={order} labels={scanLabels} />
                  <p className={styles.hint}>{text.order.scanHint}</p>
                </div>
              )
            )}
          </Spin>
          <p className={styles.countdown}>
            {text.order.countdownBefore}
            {/* A figure inside a sentence, which no role is named by: tests find it by test id. */}
            <strong data-testid="pay-countdown">{formatDuration(session.secondsLeft)}</strong>
            {text.order.countdownAfter}
          </p>
        </div>
      )}
    </AppModal>
  );
}

export function PaymentDialog() {
  const { visible, payment } = usePaymentDialog();
  // A new order starts a new session: its own polling, countdowns and wallet form.
  return payment && <PaymentSession key={payment.order.order_no} payment={payment} open={visible} />;
}
