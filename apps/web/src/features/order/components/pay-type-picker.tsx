/** The pay type switch: 支付宝, 钱包 (disabled with a hint when short), 组合 (only when it helps). */
import { PayType } from '@cc/contracts';
import { fillText } from '../../../lib/fill-text';
import { formatYuan } from '../../../lib/format';
import { text } from '../../../locales/zh-CN';
import type { PayTypeAvailability, PayTypeValue } from '../pay-types';
import styles from './payment-dialog.module.css';

interface PayTypePickerProps {
  value: number;
  /** Null until the wallet balance is known: wallet and combo wait for it. */
  availability: PayTypeAvailability | null;
  walletYuan: string | null;
  busy: boolean;
  onChange: (payType: PayTypeValue) => void;
}

interface Option {
  type: PayTypeValue;
  enabled: boolean;
  hint: string | null;
}

function optionsOf(availability: PayTypeAvailability | null, walletYuan: string | null): Option[] {
  const wallet = walletYuan === null ? null : formatYuan(walletYuan);
  const options: Option[] = [
    { type: PayType.Alipay, enabled: true, hint: null },
    {
      type: PayType.Wallet,
      enabled: availability?.wallet ?? false,
      hint:
        wallet === null
          ? null
          : fillText(availability?.wallet ? text.order.walletAvailable : text.order.walletShort, { amount: wallet }),
    },
  ];
  if (availability?.combo && wallet !== null) {
    options.push({ type: PayType.Combo, enabled: true, hint: fillText(text.order.comboHint, { amount: wallet }) });
  }
  return options;
}

export function PayTypePicker({ value, availability, walletYuan, busy, onChange }: PayTypePickerProps) {
  return (
    <div className={styles.payTypes} role="radiogroup" aria-label={text.order.payTypeLabel}>
      {optionsOf(availability, walletYuan).map((option) => {
        const checked = option.type === value;
        return (
          <button
            key={option.type}
            type="button"
            role="radio"
            aria-checked={checked}
            className={checked ? `${styles.payType} ${styles.payTypeChecked}` : styles.payType}
            disabled={!option.enabled || (busy && !checked)}
            onClick={() => !checked && onChange(option.type)}
          >
            <span className={styles.payTypeLabel}>{text.order.payTypes[option.type]}</span>
            {option.hint && <span className={styles.payTypeHint}>{option.hint}</span>}
          </button>
        );
      })}
    </div>
  );
}
