/** The default layout's top bar: brand, top-level menu (a drawer on mobile), and login button or avatar menu. */
import { Button } from '@arco-design/web-react';
import { IconMenu } from '@arco-design/web-react/icon';
import { lazy, Suspense, useState } from 'react';
import { Brand } from '../../components/brand';
import { openLoginModal } from '../../lib/session/login-modal';
import { useIsLoggedIn } from '../../lib/session/token';
import { text } from '../../locales/zh-CN';
import { MainMenu } from './main-menu';
import { useNavAction } from './nav-items';
import { PointsChip } from './points-chip';
import styles from './top-bar.module.css';
import { UserMenu } from './user-menu';

const MenuDrawer = lazy(async () => ({ default: (await import('./menu-drawer')).MenuDrawer }));

export function TopBar({ isMobile }: { isMobile: boolean }) {
  // null until the menu is first opened: the drawer is not mounted (nor downloaded) before then.
  const [drawerOpen, setDrawerOpen] = useState<boolean | null>(null);
  const isLoggedIn = useIsLoggedIn();
  const goTo = useNavAction();

  return (
    <header className={styles.topBar}>
      <div className={styles.inner}>
        {isMobile && (
          <Button
            type="text"
            icon={<IconMenu />}
            aria-label={text.layout.openMenu}
            className={styles.menuToggle}
            onClick={() => setDrawerOpen(true)}
          />
        )}
        <Brand />
        {!isMobile && <MainMenu mode="horizontal" onSelect={goTo} />}
        <div className={styles.actions}>
          {isLoggedIn && !isMobile && <PointsChip />}
          {isLoggedIn ? (
            <UserMenu compact={isMobile} />
          ) : (
            <Button type="primary" onClick={() => openLoginModal()}>
              {text.layout.login}
            </Button>
          )}
        </div>
      </div>
      {isMobile && drawerOpen !== null && (
        <Suspense fallback={null}>
          <MenuDrawer visible={drawerOpen} onClose={() => setDrawerOpen(false)} onSelect={goTo} />
        </Suspense>
      )}
    </header>
  );
}
