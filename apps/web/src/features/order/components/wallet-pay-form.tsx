/**
 * The wallet pay type's body: what the wallet pays (the points and, when there is any, the tax withheld on them),
 * where the code goes, code input with get-code button, and '确认支付'.
 */
import { Button } from '@arco-design/web-react';
import { maskPhone, type OrderState } from '@cc/contracts';
import { MoneySessionNotice, SmsCodeField } from '../../../components/sms-code-field';
import { fillText } from '../../../lib/fill-text';
import { formatYuan } from '../../../lib/format';
import { text } from '../../../locales/zh-CN';
import styles from './payment-dialog.module.css';
import { useWalletPayForm } from './use-wallet-pay-form';

interface WalletPayFormProps {
  order: Pick<OrderState, 'order_no' | 'price' | 'wallet_tax' | 'wallet_total'>;
  /** The creator's phone, masked in the hint; empty when unknown. */
  phone: string;
  onPaid: (order: OrderState) => void;
}

export function WalletPayForm({ order, phone, onPaid }: WalletPayFormProps) {
  const form = useWalletPayForm(order.order_no, onPaid);
  return (
    <form
      className={styles.wallet}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      {order.wallet_tax !== '0.00' && (
        // Figures beside their labels, which no role is named by: tests find them by test id.
        <dl className={styles.walletTax} data-testid="wallet-tax">
          <div>
            <dt>{text.order.walletPoints}</dt>
            <dd>{formatYuan(order.price)}</dd>
          </div>
          <div>
            <dt>{text.order.walletTax}</dt>
            <dd>{formatYuan(order.wallet_tax)}</dd>
          </div>
          <p className={styles.hint}>{text.order.walletTaxHint}</p>
        </dl>
      )}
      <div className={styles.amountLine}>
        {text.order.walletAmount}
        <strong className={styles.amount} data-testid="wallet-total">
          {formatYuan(order.wallet_total)}
        </strong>
      </div>
      {form.codeNeeded ? (
        <>
          <p className={styles.hint}>
            {phone
              ? fillText(text.order.walletCodeHint, { phone: maskPhone(phone) })
              : text.order.walletCodeHintNoPhone}
          </p>
          <SmsCodeField sms={form} placeholder={text.order.codePlaceholder} />
        </>
      ) : (
        <MoneySessionNotice secondsLeft={form.moneySessionLeft} />
      )}
      <div className={styles.error} role="alert">
        {form.codeError ?? form.payError}
      </div>
      <Button type="primary" htmlType="submit" long size="large" disabled={!form.canSubmit} loading={form.paying}>
        {text.order.confirm}
      </Button>
    </form>
  );
}
