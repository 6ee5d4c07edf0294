/** The tool workspace layout (/tool): a top bar with back, the points total and the account, then the page. */
import { Button } from '@arco-design/web-react';
import { IconFire, IconLeft } from '@arco-design/web-react/icon';
import { Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../components/brand';
import { Loading } from '../../components/loading';
import { UserAvatar } from '../../components/user-avatar';
import { paths } from '../../lib/paths';
import { useUserInfo } from '../../lib/session/get-user-info';
import { openLoginModal } from '../../lib/session/login-modal';
import { useIsLoggedIn } from '../../lib/session/token';
import { useIsMobile } from '../../lib/use-is-mobile';
import { text } from '../../locales/zh-CN';
import styles from './tool-layout.module.css';

/** Shown until the user loads: a dash, not a misleading zero. */
const UNKNOWN_POINTS = '--';

export function ToolLayout() {
  const isMobile = useIsMobile();
  const isLoggedIn = useIsLoggedIn();
  const { data: user } = useUserInfo();
  const navigate = useNavigate();
  const location = useLocation();

  // Opened straight from a link there is nothing to go back to; the landing page is the way out then.
  const goBack = () => void (location.key === 'default' ? navigate(paths.ai) : navigate(-1));

  return (
    <div
      className={styles.layout}
      data-layout={isMobile ? 'mobile' : 'desktop'}
      data-testid={isMobile ? 'layout-mobile' : 'layout-desktop'}
    >
      <header className={styles.bar} data-testid="topbar">
        <Button type="text" icon={<IconLeft />} onClick={goBack} className={styles.back}>
          {!isMobile && text.common.back}
        </Button>
        <Brand title={text.layout.tool.title} to={paths.tool} />
        <div className={styles.actions}>
          {isLoggedIn ? (
            <>
              <span className={styles.points}>
                <IconFire />
                {!isMobile && text.layout.tool.points}
                <strong>{user?.creditInfo.total ?? UNKNOWN_POINTS}</strong>
              </span>
              <UserAvatar user={user} />
            </>
          ) : (
            <Button type="primary" onClick={() => openLoginModal(paths.tool)}>
              {text.layout.login}
            </Button>
          )}
        </div>
      </header>
      <main className={styles.main}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
