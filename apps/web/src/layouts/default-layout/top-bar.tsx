/** The default layout's top bar: brand, top-level menu (a drawer on mobile), and login button or avatar menu. */
import { Button, Drawer, Menu } from '@arco-design/web-react';
import { IconMenu } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Brand } from '../../components/brand';
import { openLoginModal } from '../../lib/session/login-modal';
import { useIsLoggedIn } from '../../lib/session/token';
import { useGuardedNavigate } from '../../lib/session/use-guarded-navigate';
import { text } from '../../locales/zh-CN';
import { activeItem, mainMenu } from './nav-items';
import styles from './top-bar.module.css';
import { UserMenu } from './user-menu';

function MainMenu({ mode, onSelect }: { mode: 'horizontal' | 'vertical'; onSelect: (path: string) => void }) {
  const { pathname } = useLocation();
  const active = activeItem(mainMenu, pathname);
  return (
    <Menu
      mode={mode}
      selectedKeys={active ? [active.path] : []}
      onClickMenuItem={onSelect}
      className={mode === 'horizontal' ? styles.menu : undefined}
    >
      {mainMenu.map((item) => (
        <Menu.Item key={item.path}>{item.label}</Menu.Item>
      ))}
    </Menu>
  );
}

export function TopBar({ isMobile }: { isMobile: boolean }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const isLoggedIn = useIsLoggedIn();
  const goTo = useGuardedNavigate();

  return (
    <header className={styles.topBar} data-testid="topbar">
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
          {isLoggedIn ? (
            <UserMenu compact={isMobile} />
          ) : (
            <Button type="primary" onClick={() => openLoginModal()}>
              {text.layout.login}
            </Button>
          )}
        </div>
      </div>
      {isMobile && (
        <Drawer
          placement="left"
          width={260}
          visible={drawerOpen}
          title={<Brand />}
          footer={null}
          onCancel={() => setDrawerOpen(false)}
          className={styles.drawer}
        >
          <MainMenu
            mode="vertical"
            onSelect={(path) => {
              setDrawerOpen(false);
              goTo(path);
            }}
          />
        </Drawer>
      )}
    </header>
  );
}
