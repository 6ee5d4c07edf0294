/**
 * The floating '教程&客服' button and its popover with the customer-service QR poster; on a phone the poster's
 * "scan" caption gives way to long-press, save and copy-the-WeChat-ID actions.
 */
import { Popover, Spin } from '@arco-design/web-react';
import { IconCustomerService } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { text } from '../../locales/zh-CN';
import { usePoster } from '../../lib/content/get-poster';
import { QrPhoneActions } from '../qr-phone-actions';
import styles from './support-popover.module.css';

function PosterContent({ enabled, onPhone = false }: { enabled: boolean; onPhone?: boolean }) {
  const poster = usePoster({ enabled });
  if (poster.isPending) {
    return (
      <div className={styles.placeholder}>
        <Spin />
      </div>
    );
  }
  if (poster.isError) {
    const message = poster.error instanceof ApiError ? poster.error.msg : '';
    return <div className={styles.placeholder}>{message || text.common.loadFailed}</div>;
  }
  return (
    <figure className={styles.poster}>
      <img className={styles.qr} src={poster.data.image_url} alt={poster.data.title || text.content.support.qrAlt} />
      {onPhone ? (
        <QrPhoneActions
          imageUrl={poster.data.image_url}
          wechatId={poster.data.wechat_id}
          fileName={text.content.support.qrFile}
        />
      ) : (
        <figcaption className={styles.description}>{poster.data.description}</figcaption>
      )}
    </figure>
  );
}

export function SupportPopover({ isMobile }: { isMobile: boolean }) {
  // The poster is fetched the first time someone opens the popover, not on every page view.
  const [opened, setOpened] = useState(false);
  return (
    <Popover
      trigger="click"
      position={isMobile ? 'tr' : 'lb'}
      title={text.content.support.title}
      content={<PosterContent enabled={opened} onPhone={isMobile} />}
      onVisibleChange={(visible) => visible && setOpened(true)}
    >
      <button
        type="button"
        className={isMobile ? `${styles.button} ${styles.mobile}` : styles.button}
        aria-label={text.content.support.button}
        title={text.content.support.button}
      >
        <IconCustomerService className={styles.icon} />
        <span>{text.content.support.button}</span>
      </button>
    </Popover>
  );
}
