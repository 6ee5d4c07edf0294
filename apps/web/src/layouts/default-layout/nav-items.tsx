/** The default layout's menus: top-level routes in spec order, the avatar menu and the mobile tab bar. */
import { IconHome, IconList, IconTrophy, IconUser } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { paths } from '../../lib/paths';
import { text } from '../../locales/zh-CN';

export interface NavItem {
  path: string;
  label: string;
  /** Other paths that belong to this item's section, e.g. task detail under the task center. */
  children?: readonly string[];
  icon?: ReactNode;
}

export const mainMenu: readonly NavItem[] = [
  { path: paths.home, label: text.layout.menu.home },
  { path: paths.task, label: text.layout.menu.task, children: [paths.taskDetail] },
  { path: paths.income, label: text.layout.menu.income },
];

/** Key of the avatar menu's logout entry; every other key is the path it opens. */
export const LOGOUT_KEY = 'logout';

export const userMenu: readonly NavItem[] = [
  { path: paths.profile, label: text.layout.userMenu.profile },
  { path: paths.myTask, label: text.layout.userMenu.myTask },
  { path: paths.team, label: text.layout.userMenu.team },
  { path: paths.account, label: text.layout.userMenu.account },
  { path: paths.task, label: text.layout.userMenu.task },
  { path: paths.income, label: text.layout.userMenu.income },
];

export const tabBar: readonly NavItem[] = [
  { path: paths.home, label: text.layout.tabBar.home, icon: <IconHome /> },
  { path: paths.task, label: text.layout.tabBar.task, children: [paths.taskDetail], icon: <IconList /> },
  { path: paths.income, label: text.layout.tabBar.income, icon: <IconTrophy /> },
  { path: paths.profile, label: text.layout.tabBar.profile, children: [paths.apply], icon: <IconUser /> },
];

function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The item whose section holds the current path, for highlighting. */
export function activeItem(items: readonly NavItem[], pathname: string): NavItem | undefined {
  return items.find((item) => [item.path, ...(item.children ?? [])].some((base) => isWithin(pathname, base)));
}
