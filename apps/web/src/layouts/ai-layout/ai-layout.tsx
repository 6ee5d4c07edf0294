/** The landing layout of /ai: a nav over the dark hero, the page, and a footer with the agreements. */
import { Button } from '@arco-design/web-react';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { Brand } from '../../components/brand';
import { Loading } from '../../components/loading';
import { openPointsModalOrLogin } from '../../lib/credit/points-modal';
import { fillText } from '../../lib/fill-text';
import { paths } from '../../lib/paths';
import { openLoginModal } from '../../lib/session/login-modal';
import { useIsLoggedIn } from '../../lib/session/token';
import { useGuardedNavigate } from '../../lib/session/use-guarded-navigate';
import { useIsMobile } from '../../lib/use-is-mobile';
import { text } from '../../locales/zh-CN';
import styles from './ai-layout.module.css';

export function AiLayout() {
  const isMobile = useIsMobile();
  const isLoggedIn = useIsLoggedIn();
  const goTo = useGuardedNavigate();

  return (
    <div
      className={styles.layout}
      data-layout={isMobile ? 'mobile' : 'desktop'}
      data-testid={isMobile ? 'layout-mobile' : 'layout-desktop'}
    >
      <header className={styles.nav} data-testid="topbar">
        <Brand title={text.ai.brand} to={paths.ai} inverted />
        {!isMobile && (
          <nav className={styles.links}>
            <button type="button" onClick={() => goTo(paths.tool, { loginFirst: true })}>
              {text.ai.nav.tools}
            </button>
            <Link to={paths.task}>{text.ai.nav.task}</Link>
            <button type="button" data-testid="ai-nav-price" onClick={() => openPointsModalOrLogin('list')}>
              {text.ai.nav.price}
            </button>
          </nav>
        )}
        <div className={styles.actions}>
          {isLoggedIn ? (
            <Button type="primary" onClick={() => goTo(paths.tool)}>
              {text.ai.nav.workspace}
            </Button>
          ) : (
            <Button type="primary" onClick={() => openLoginModal()}>
              {text.layout.login}
            </Button>
          )}
        </div>
      </header>
      <main>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className={styles.footer}>
        <nav className={styles.footerLinks}>
          <Link to={paths.userAgreement}>{text.ai.footer.userAgreement}</Link>
          <Link to={paths.privacyPolicy}>{text.ai.footer.privacyPolicy}</Link>
        </nav>
        <p>{fillText(text.ai.footer.copyright, { year: new Date().getFullYear() })}</p>
      </footer>
    </div>
  );
}
