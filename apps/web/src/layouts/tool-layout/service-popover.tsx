/**
 * The tool bar's 反馈: a popover with the 7×24 online customer service's QR code, drawn from the configured
 * service address, else the operators' customer-service poster. On a desktop it is scanned; on a phone it offers
 * 长按识别, 保存二维码 and 复制微信号 (the server's `SUPPORT_WECHAT_ID`, with the poster) instead (`QrPhoneActions`).
 */
import { Button, Popover, Spin } from '@arco-design/web-react';
import { useState, type ReactNode } from 'react';
import { QrImage } from '../../components/qr-image';
import { QrPhoneActions } from '../../components/qr-phone-actions';
import { ApiError } from '../../lib/api-error';
import { usePoster } from '../../lib/content/get-poster';
import { serviceContact } from '../../lib/service-contact';
import { text } from '../../locales/zh-CN';
import styles from './tool-layout.module.css';

const t = text.layout.tool.service;
const QR_SIZE = 160;

export function ServicePopover({ label, icon, isMobile }: { label: string; icon: ReactNode; isMobile: boolean }) {
  const [opened, setOpened] = useState(false);
  const [drawn, setDrawn] = useState<string | null>(null);
  // The poster also carries the service's WeChat ID, which a phone may copy.
  const poster = usePoster({ enabled: opened });
  const image = serviceContact.url !== null ? drawn : (poster.data?.image_url ?? null);

  let qr: ReactNode;
  if (serviceContact.url !== null) {
    qr = <QrImage value={serviceContact.url} size={QR_SIZE} alt={t.qrAlt} onDrawn={setDrawn} />;
  } else if (poster.isError) {
    qr = poster.error instanceof ApiError && poster.error.msg ? poster.error.msg : text.common.loadFailed;
  } else if (!poster.data) {
    qr = <Spin />;
  } else {
    qr = <img src={poster.data.image_url} width={QR_SIZE} height={QR_SIZE} alt={t.qrAlt} />;
  }

  return (
    <Popover
      trigger="click"
      position="br"
      title={t.title}
      onVisibleChange={(visible) => visible && setOpened(true)}
      content={
        <div className={styles.service}>
          <div className={styles.serviceQr}>{qr}</div>
          {isMobile ? (
            <QrPhoneActions imageUrl={image ?? ''} fileName={t.fileName} wechatId={poster.data?.wechat_id ?? ''} />
          ) : (
            <p className={styles.serviceText}>{t.description}</p>
          )}
        </div>
      }
    >
      <Button type="text" icon={icon} aria-label={text.layout.tool.feedback}>
        {label}
      </Button>
    </Popover>
  );
}
