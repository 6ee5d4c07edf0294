/** The payment QR drawn from `pay_qr_code`, with the click-to-refresh overlay once its 5 minutes are up. */
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
    <div className={styles.qr}>
      <QrImage value={value} size={QR_PIXELS} alt={text.order.qrAlt} />
      {expired && (
        <button type="button" className={styles.qrExpired} disabled={refreshing} onClick={onRefresh}>
          {refreshing ? <Spin /> : <IconRefresh className={styles.qrRefreshIcon} />}
          <span>{text.order.qrExpired}</span>
        </button>
      )}
    </div>
  );
}
