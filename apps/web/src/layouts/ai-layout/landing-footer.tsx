/**
 * The landing page's footer (spec §2): product, help and legal links (用户协议, 隐私政策, 使用手册, 意见反馈), the
 * customer-service QR from the support poster (with a fallback when it cannot load), and the registration line
 * (公司名称 and ICP备案号, configured at build time: see README).
 */
import { Popover, Spin } from '@arco-design/web-react';
import { IconCustomerService } from '@arco-design/web-react/icon';
import { Link } from 'react-router';
import { Brand } from '../../components/brand';
import { usePoster } from '../../lib/content/get-poster';
import { openPointsModalAfterLogin } from '../../lib/credit/points-modal';
import { fillText } from '../../lib/fill-text';
import { paths } from '../../lib/paths';
import { siteConfig } from '../../lib/site-config';
import { text } from '../../locales/zh-CN';
import styles from './landing-footer.module.css';

/** The QR with its caption; the fallback says what to do instead, so it has no "scan" caption. */
function SupportQr({ size, caption }: { size: 'large' | 'small'; caption: string }) {
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
      <div className={`${box} ${styles.qrFallback}`} data-testid="ai-support-qr-fallback">
        <IconCustomerService className={styles.qrFallbackIcon} />
        <span>{text.ai.footer.qrFallback}</span>
        <Link to={paths.help}>{text.ai.footer.qrFallbackLink}</Link>
      </div>
    );
  }
  return (
    <figure className={size === 'large' ? styles.support : styles.feedback}>
      <img
        className={box}
        src={poster.data.image_url}
        alt={poster.data.title || text.content.support.qrAlt}
        data-testid="ai-support-qr"
      />
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

function FeedbackLink() {
  return (
    <Popover
      trigger="click"
      position="top"
      title={text.ai.footer.feedback}
      content={<SupportQr size="small" caption={text.ai.footer.feedbackHint} />}
    >
      <button type="button" className={styles.linkButton} data-testid="ai-footer-feedback">
        {text.ai.footer.feedback}
      </button>
    </Popover>
  );
}

export function LandingFooter({ isMobile }: { isMobile: boolean }) {
  const copyright = fillText(text.ai.footer.copyright, {
    year: new Date().getFullYear(),
    company: siteConfig.companyName,
  });
  return (
    <footer className={isMobile ? `${styles.footer} ${styles.mobile}` : styles.footer} data-testid="ai-footer">
      <div className={styles.inner}>
        <div className={styles.about}>
          <Brand title={text.ai.brand} to={paths.ai} inverted />
          <p>{text.ai.footer.description}</p>
        </div>
        <nav className={styles.columns}>
          <div className={styles.column}>
            <h4>{text.ai.footer.product}</h4>
            <Link to={paths.task}>{text.ai.nav.task}</Link>
            <button type="button" className={styles.linkButton} onClick={() => openPointsModalAfterLogin('list')}>
              {text.ai.nav.price}
            </button>
            <Link to={paths.gift}>{text.ai.footer.gift}</Link>
          </div>
          <div className={styles.column}>
            <h4>{text.ai.footer.support}</h4>
            <Link to={paths.help}>{text.ai.footer.manual}</Link>
            <a href={siteConfig.guideUrl} target="_blank" rel="noopener noreferrer">
              {text.ai.footer.guide}
            </a>
            <FeedbackLink />
          </div>
          <div className={styles.column}>
            <h4>{text.ai.footer.legal}</h4>
            <Link to={paths.userAgreement}>{text.ai.footer.userAgreement}</Link>
            <Link to={paths.privacyPolicy}>{text.ai.footer.privacyPolicy}</Link>
          </div>
        </nav>
        <SupportQr size="large" caption={text.ai.footer.qrTitle} />
      </div>
      <div className={styles.registration} data-testid="ai-registration">
        <span>{copyright}</span>
        <a href={siteConfig.icpLookupUrl} target="_blank" rel="noopener noreferrer">
          {siteConfig.icpNumber}
        </a>
      </div>
    </footer>
  );
}
