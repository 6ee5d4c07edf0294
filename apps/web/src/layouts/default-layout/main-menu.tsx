/** The default layout's top-level menu: horizontal in the desktop top bar, vertical in the phone's drawer. */
import { Menu } from '@arco-design/web-react';
import { useLocation } from 'react-router';
import { activeItem, mainMenu } from './nav-items';
import styles from './top-bar.module.css';

export function MainMenu({ mode, onSelect }: { mode: 'horizontal' | 'vertical'; onSelect: (path: string) => void }) {
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
