/**
 * The default layout's menus: the top-level routes in nav order, the avatar menu and the mobile tab bar; each also
 * leads to the AI tools and (avatar menu) to the points.
 */
import { IconApps, IconHome, IconList, IconTrophy, IconUser } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { openPointsModalOrLogin } from '../../lib/credit/points-modal';
import { paths } from '../../lib/paths';
import { useGuardedNavigate } from '../../lib/session/use-guarded-navigate';
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
  { path: paths.tool, label: text.layout.menu.tool },
];

/** Key of the avatar menu's logout entry; every other key is the path it opens (or `POINTS_KEY`). */
export const LOGOUT_KEY = 'logout';
/** Key of the entries that open the points modal (balance and records) where the creator is. */
export const POINTS_KEY = 'points';

export const userMenu: readonly NavItem[] = [
  { path: paths.profile, label: text.layout.userMenu.profile },
  { path: paths.myTask, label: text.layout.userMenu.myTask },
  { path: paths.team, label: text.layout.userMenu.team },
  { path: paths.account, label: text.layout.userMenu.account },
  { path: paths.task, label: text.layout.userMenu.task },
  { path: paths.income, label: text.layout.userMenu.income },
  { path: paths.tool, label: text.layout.userMenu.tool },
  { path: POINTS_KEY, label: text.layout.userMenu.points },
];

export const tabBar: readonly NavItem[] = [
  { path: paths.home, label: text.layout.tabBar.home, icon: <IconHome /> },
  { path: paths.task, label: text.layout.tabBar.task, children: [paths.taskDetail], icon: <IconList /> },
  { path: paths.tool, label: text.layout.tabBar.tool, icon: <IconApps /> },
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

/**
 * What choosing a menu key does: the points modal for `POINTS_KEY`; the workspace after login (as the landing page's
 * tools do); any other path through the login-aware navigation.
 */
export function useNavAction(): (key: string) => void {
  const goTo = useGuardedNavigate();
  return useCallback(
    (key: string) => {
      if (key === POINTS_KEY) openPointsModalOrLogin('detail');
      else if (key === paths.tool) goTo(key, { loginFirst: true });
      else goTo(key);
    },
    [goTo],
  );
}
