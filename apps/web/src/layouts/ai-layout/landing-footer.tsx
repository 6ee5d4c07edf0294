/**
 * The landing page's footer: product, help and legal links (用户协议, 隐私政策, 使用手册, 意见反馈), the
 * customer-service QR from the support poster (with a fallback when it cannot load), and the registration line
 * (公司名称 and ICP备案号, configured at build time, each left out when unset: see README).
 */
import { Popover, Spin } from '@arco-design/web-react';
import { IconCustomerService } from '@arco-design/web-react/icon';
import { Link } from 'react-router';
import { Brand } from '../../components/brand';
import { QrPhoneActions } from '../../components/qr-phone-actions';
import { usePoster } from '../../lib/content/get-poster';
import { openPointsModalAfterLogin } from '../../lib/credit/points-modal';
import { fillText } from '../../lib/fill-text';
import { paths } from '../../lib/paths';
import { siteConfig } from '../../lib/site-config';
import { text } from '../../locales/zh-CN';
import { ai as aiText } from '../../locales/zh-CN/ai';
import styles from './landing-footer.module.css';

/**
 * The QR with its caption; the fallback says what to do instead, so it has no "scan" caption. On a phone, which cannot
 * scan its own screen, the caption gives way to long-press, save and copy actions.
 */
function SupportQr({ size, caption, onPhone }: { size: 'large' | 'small'; caption: string; onPhone: boolean }) {
  const poster = usePoster({ enabled: true });
  const box = size === 'large' ? styles.qrBox : `${styles.qrBox} ${styles.qrBoxSmall}`;
  if (poster.isPending) {
    return (
      <div className={box}>
        <Spin />
      </div>
    );
  }
  if (poster.isError || !poster.data.image_url) {
    return (
      <div className={`${box} ${styles.qrFallback}`}>
        <IconCustomerService className={styles.qrFallbackIcon} />
        <span>{aiText.footer.qrFallback}</span>
        <Link to={paths.help}>{aiText.footer.qrFallbackLink}</Link>
      </div>
    );
  }
  return (
    <figure className={size === 'large' ? styles.support : styles.feedback}>
      <img className={box} src={poster.data.image_url} alt={poster.data.title || text.content.support.qrAlt} />
      {onPhone ? (
        <QrPhoneActions
          imageUrl={poster.data.image_url}
          wechatId={poster.data.wechat_id}
          fileName={text.content.support.qrFile}
          className={styles.phoneActions}
        />
      ) : (
        <figcaption>{caption}</figcaption>
      )}
    </figure>
  );
}

function FeedbackLink({ onPhone }: { onPhone: boolean }) {
  return (
    <Popover
      trigger="click"
      position="top"
      title={aiText.footer.feedback}
      content={<SupportQr size="small" caption={aiText.footer.feedbackHint} onPhone={onPhone} />}
    >
      <button type="button" className={styles.linkButton}>
        {aiText.footer.feedback}
      </button>
    </Popover>
  );
}

export function LandingFooter({ isMobile }: { isMobile: boolean }) {
  // Without a configured company the line names the product, never a made-up company.
  const copyright = fillText(aiText.footer.copyright, {
    year: new Date().getFullYear(),
    company: siteConfig.companyName ?? text.common.appName,
  });
  return (
    <footer className={isMobile ? `${styles.footer} ${styles.mobile}` : styles.footer}>
      <div className={styles.inner}>
        <div className={styles.about}>
          <Brand to={paths.ai} inverted />
          <p>{aiText.footer.description}</p>
        </div>
        <nav className={styles.columns}>
          <div className={styles.column}>
            <h4>{aiText.footer.product}</h4>
            <Link to={paths.task}>{aiText.nav.task}</Link>
            <button type="button" className={styles.linkButton} onClick={() => openPointsModalAfterLogin('list')}>
              {aiText.nav.price}
            </button>
            <Link to={paths.gift}>{aiText.footer.gift}</Link>
          </div>
          <div className={styles.column}>
            <h4>{aiText.footer.support}</h4>
            <Link to={paths.help}>{aiText.footer.manual}</Link>
            <a href={siteConfig.guideUrl} target="_blank" rel="noopener noreferrer">
              {aiText.footer.guide}
            </a>
            <FeedbackLink onPhone={isMobile} />
          </div>
          <div className={styles.column}>
            <h4>{aiText.footer.legal}</h4>
            <Link to={paths.userAgreement}>{aiText.footer.userAgreement}</Link>
            <Link to={paths.privacyPolicy}>{aiText.footer.privacyPolicy}</Link>
          </div>
        </nav>
        <SupportQr size="large" caption={aiText.footer.qrTitle} onPhone={isMobile} />
      </div>
      <div className={styles.registration}>
        <span>{copyright}</span>
        {siteConfig.icpNumber && (
          <a href={siteConfig.icpLookupUrl} target="_blank" rel="noopener noreferrer">
            {siteConfig.icpNumber}
          </a>
        )}
      </div>
    </footer>
  );
}
