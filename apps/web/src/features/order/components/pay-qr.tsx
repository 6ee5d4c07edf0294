/**
 * The payment QR drawn from `pay_qr_code`, with the click-to-refresh overlay once its 5 minutes are up.
 * `data-qr-value` carries the raw code so a test can open the cashier it points to.
 */
import { Spin } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { QrImage } from '../../../components/qr-image';
import { text } from '../../../locales/zh-CN';
import styles from './payment-dialog.module.css';

const QR_PIXELS = 184;

interface PayQrProps {
  value: string;
  expired: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}

export function PayQr({ value, expired, refreshing, onRefresh }: PayQrProps) {
  return (
    <div className={styles.qr} data-testid="pay-qr" data-qr-value={value}>
      <QrImage value={value} size={QR_PIXELS} alt={text.order.qrAlt} />
      {expired && (
        <button
          type="button"
          className={styles.qrExpired}
          data-testid="pay-qr-refresh"
          disabled={refreshing}
          onClick={onRefresh}
        >
          {refreshing ? <Spin /> : <IconRefresh className={styles.qrRefreshIcon} />}
          <span>{text.order.qrExpired}</span>
        </button>
      )}
    </div>
  );
}
