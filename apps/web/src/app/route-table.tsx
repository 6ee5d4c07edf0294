/** The route table: which page each path shows, inside which layout, behind which guard. */
import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { DefaultLayout } from '../layouts/default-layout/default-layout';
import { prefetchTaskPage } from '../features/task/prefetch-task-page';
import { paths, requiresLogin, type AppPath } from '../lib/paths';
import { queryClient } from '../lib/query-client';
import { aliasRoutes } from './alias-routes';
import { RequireLogin } from './require-login';

/** Each page is its own chunk, loaded the first time its route is visited. */
function lazyPage<Name extends string, Props extends object>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

/**
 * The workspace, landing and gift layouts each hold a single page: their chunk is fetched only on their own path (the
 * default layout, which most pages share, stays in the entry), and the page's chunk is requested at the same time
 * instead of after the layout has rendered.
 */
function lazyLayout<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  page: () => Promise<unknown>,
) {
  return lazyPage(() => {
    void page().catch(() => undefined); // the page's own lazy import reports a failure
    return load();
  }, name);
}

const loadToolPage = () => import('../features/tool/tool-page');
const loadAiPage = () => import('../features/ai/ai-page');
const loadGiftPage = () => import('../features/gift/gift-page');

const loadTaskPage = () => import('../features/task/task-page');

const HomePage = lazyPage(() => import('../features/home/home-page'), 'HomePage');
const TaskPage = lazyPage(loadTaskPage, 'TaskPage');
const TaskDetailPage = lazyPage(() => import('../features/task/task-detail-page'), 'TaskDetailPage');
const MyTaskPage = lazyPage(() => import('../features/task/my-task-page'), 'MyTaskPage');
const IncomePage = lazyPage(() => import('../features/income/income-page'), 'IncomePage');
const WithdrawPage = lazyPage(() => import('../features/income/withdraw-page'), 'WithdrawPage');
const IncomeAppPage = lazyPage(() => import('../features/income/income-app-page'), 'IncomeAppPage');
const ApplyPage = lazyPage(() => import('../features/user/apply-page'), 'ApplyPage');
const ProfilePage = lazyPage(() => import('../features/profile/profile-page'), 'ProfilePage');
const TeamPage = lazyPage(() => import('../features/team/team-page'), 'TeamPage');
const ChannelPage = lazyPage(() => import('../features/channel/channel-page'), 'ChannelPage');
const HelpPage = lazyPage(() => import('../features/help/help-page'), 'HelpPage');
const AgreementPage = lazyPage(() => import('../features/content/agreement-page'), 'AgreementPage');
const QrLoginPage = lazyPage(() => import('../features/auth/qr-login-page'), 'QrLoginPage');
const PayResultPage = lazyPage(() => import('../features/order/pay-result-page'), 'PayResultPage');
const ToolPage = lazyPage(loadToolPage, 'ToolPage');
const AiPage = lazyPage(loadAiPage, 'AiPage');
const GiftPage = lazyPage(loadGiftPage, 'GiftPage');
const ToolLayout = lazyLayout(() => import('../layouts/tool-layout/tool-layout'), 'ToolLayout', loadToolPage);
const AiLayout = lazyLayout(() => import('../layouts/ai-layout/ai-layout'), 'AiLayout', loadAiPage);
const GiftLayout = lazyLayout(() => import('../layouts/gift-layout/gift-layout'), 'GiftLayout', loadGiftPage);

/**
 * The first page's code and data, requested as soon as the entry runs, side by side, rather than the code once React
 * has rendered the layout and the data once the code has arrived (the task center on a phone's network).
 */
const firstPagePreloads: Partial<Record<AppPath, (search: URLSearchParams) => void>> = {
  [paths.task]: (search) => {
    void loadTaskPage().catch(() => undefined); // the page's own lazy import reports a failure
    prefetchTaskPage(queryClient, search);
  },
};

export function preloadFirstPage({ pathname, search }: { pathname: string; search: string }): void {
  firstPagePreloads[pathname as AppPath]?.(new URLSearchParams(search));
}

/** The pages of the default layout; whether each needs login comes from `requiresLogin`, the one list of those. */
const defaultLayoutPages: ReadonlyArray<{ path: AppPath; element: ReactNode }> = [
  { path: paths.home, element: <HomePage /> },
  { path: paths.task, element: <TaskPage /> },
  { path: paths.income, element: <IncomePage /> },
  { path: paths.withdraw, element: <WithdrawPage /> },
  { path: paths.incomeApp, element: <IncomeAppPage /> },
  { path: paths.taskDetail, element: <TaskDetailPage /> },
  { path: paths.apply, element: <ApplyPage /> },
  { path: paths.profile, element: <ProfilePage /> },
  { path: paths.myTask, element: <MyTaskPage /> },
  { path: paths.team, element: <TeamPage /> },
  { path: paths.account, element: <ChannelPage /> },
  { path: paths.help, element: <HelpPage /> },
  { path: paths.userAgreement, element: <AgreementPage kind="user" /> },
  { path: paths.privacyPolicy, element: <AgreementPage kind="privacy" /> },
  { path: paths.qrLogin, element: <QrLoginPage /> },
  { path: paths.payResult, element: <PayResultPage /> },
];

export const routeTable: RouteObject[] = [
  { path: paths.root, element: <Navigate to={paths.home} replace /> },
  {
    element: <DefaultLayout />,
    children: [
      ...defaultLayoutPages.filter((page) => !requiresLogin(page.path)),
      { element: <RequireLogin />, children: defaultLayoutPages.filter((page) => requiresLogin(page.path)) },
    ],
  },
  { path: paths.tool, element: <ToolLayout />, children: [{ index: true, element: <ToolPage /> }] },
  { path: paths.ai, element: <AiLayout />, children: [{ index: true, element: <AiPage /> }] },
  { path: paths.gift, element: <GiftLayout />, children: [{ index: true, element: <GiftPage /> }] },
  ...aliasRoutes,
  { path: '*', element: <Navigate to={paths.task} replace /> },
];
