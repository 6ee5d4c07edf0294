/** Footer navigation: a fixed tab bar on mobile, a link footer with the copyright line on desktop. */
import { Link, useLocation } from 'react-router';
import { fillText } from '../../lib/fill-text';
import { paths } from '../../lib/paths';
import { text } from '../../locales/zh-CN';
import styles from './footer-nav.module.css';
import { activeItem, tabBar, useNavAction } from './nav-items';

function TabBar() {
  const { pathname } = useLocation();
  const goTo = useNavAction();
  const active = activeItem(tabBar, pathname);
  return (
    <nav className={styles.tabBar} aria-label={text.layout.tabBar.label}>
      {tabBar.map((item) => (
        <button
          key={item.path}
          type="button"
          className={item === active ? `${styles.tab} ${styles.activeTab}` : styles.tab}
          aria-current={item === active ? 'page' : undefined}
          onClick={() => goTo(item.path)}
        >
          <span className={styles.tabIcon}>{item.icon}</span>
          {item.label}
        </button>
      ))}
    </nav>
  );
}

function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <nav className={styles.links}>
        <Link to={paths.help}>{text.layout.footer.help}</Link>
        <Link to={paths.userAgreement}>{text.layout.footer.userAgreement}</Link>
        <Link to={paths.privacyPolicy}>{text.layout.footer.privacyPolicy}</Link>
      </nav>
      <p className={styles.copyright}>{fillText(text.layout.footer.copyright, { year: new Date().getFullYear() })}</p>
    </footer>
  );
}

export function FooterNav({ isMobile }: { isMobile: boolean }) {
  return isMobile ? <TabBar /> : <SiteFooter />;
}
