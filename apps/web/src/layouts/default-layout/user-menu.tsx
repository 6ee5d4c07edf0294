/** The logged-in creator's avatar and its dropdown: profile pages, task center, income, AI tools, points, logout. */
import { Dropdown, Menu } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import { UserAvatar } from '../../components/user-avatar';
import { useUserInfo } from '../../lib/session/get-user-info';
import { logout } from '../../lib/session/logout';
import { text } from '../../locales/zh-CN';
import { LOGOUT_KEY, useNavAction, userMenu } from './nav-items';
import styles from './top-bar.module.css';

export function UserMenu({ compact }: { compact: boolean }) {
  const navAction = useNavAction();
  const { data: user } = useUserInfo();

  function onSelect(key: string) {
    if (key === LOGOUT_KEY) void logout();
    else navAction(key);
  }

  const droplist = (
    <Menu onClickMenuItem={onSelect} className={styles.userDroplist} aria-label={text.layout.userMenu.open}>
      {userMenu.map((item) => (
        <Menu.Item key={item.path}>{item.label}</Menu.Item>
      ))}
      <Menu.Item key={LOGOUT_KEY}>{text.layout.userMenu.logout}</Menu.Item>
    </Menu>
  );

  return (
    <Dropdown droplist={droplist} trigger="click" position="br">
      <button
        type="button"
        className={styles.avatarButton}
        aria-haspopup="menu"
        // With the nickname shown, the name starts with it (what a voice user says) and adds 账号菜单 out of sight;
        // the avatar only repeats the nickname, so it is hidden from screen readers.
        aria-label={compact ? text.layout.userMenu.open : undefined}
        title={compact ? text.layout.userMenu.open : undefined}
      >
        <span aria-hidden="true" className={styles.avatarFace}>
          <UserAvatar user={user} />
        </span>
        {!compact && user && <span className={styles.nickname}>{user.nickname}</span>}
        {!compact && <span className="visually-hidden">{text.layout.userMenu.open}</span>}
        {!compact && <IconDown className={styles.caret} />}
      </button>
    </Dropdown>
  );
}
