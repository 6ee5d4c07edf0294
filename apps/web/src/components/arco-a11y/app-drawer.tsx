/**
 * Arco's Drawer as a named dialog: Arco renders the panel without a dialog role or a name, so a screen reader is not
 * told that a panel opened over the page, nor what it holds. Use this instead of Arco's Drawer.
 */
import { Drawer, type DrawerProps } from '@arco-design/web-react';

export interface AppDrawerProps extends DrawerProps {
  /** What the drawer holds, read out as it opens (e.g. 菜单, 提现详情). */
  label: string;
}

export function AppDrawer({ label, ...props }: AppDrawerProps) {
  // Arco passes props it does not know to the drawer's wrapper, the element around its mask and panel.
  const dialog = { role: 'dialog', 'aria-modal': true, 'aria-label': label };
  return <Drawer {...props} {...dialog} />;
}
