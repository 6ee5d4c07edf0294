/** The routes: typed paths, which of them need login, and the query parameters that drive login. */
import { PAY_RESULT_PATH, type NavTool, type WorkspaceTool } from '@cc/contracts';

export const paths = {
  root: '/',
  home: '/home',
  task: '/task',
  income: '/income',
  withdraw: '/income/withdraw',
  incomeApp: '/income/app',
  taskDetail: '/task-detail',
  apply: '/apply',
  profile: '/profile',
  myTask: '/profile/task',
  team: '/profile/team',
  account: '/profile/account',
  help: '/help',
  tool: '/tool',
  ai: '/ai',
  gift: '/gift',
  /** The landing page's nav paths: aliases of a tool, the price modal and the tutorial. */
  toolsCut: '/tools/cut',
  toolsSubtitle: '/tools/subtitle',
  toolsVoice: '/tools/voice',
  price: '/price',
  guide: '/guide',
  userAgreement: '/agreement/user',
  privacyPolicy: '/agreement/privacy',
  /** Where a phone confirms a desktop's QR login; logs in on the page itself when needed. */
  qrLogin: '/qr-login',
  /** The order page Alipay's mobile cashier returns to; logs in on the page itself when needed. */
  payResult: PAY_RESULT_PATH,
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

const LOGIN_REQUIRED: ReadonlySet<string> = new Set<AppPath>([
  paths.income,
  paths.withdraw,
  paths.incomeApp,
  paths.taskDetail,
  paths.apply,
  paths.profile,
  paths.myTask,
  paths.team,
  paths.account,
]);

export function requiresLogin(pathname: string): boolean {
  return LOGIN_REQUIRED.has(pathname);
}

/** Query parameters: `showLoginModal=1` opens the login modal, `redirect` is where to go after logging in. */
export const LoginQuery = { show: 'showLoginModal', redirect: 'redirect' } as const;

/** Only same-site paths: a `redirect` from the address must never send the user to another origin. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The task detail address: `/task-detail?task_id=&app_id=&task_type=` (app_id left out when unknown). */
export function taskDetailPath(task: { task_id: number; task_type: number; app_id?: number | null }): string {
  const query = new URLSearchParams({ task_id: String(task.task_id) });
  if (task.app_id) query.set('app_id', String(task.app_id));
  query.set('task_type', String(task.task_type));
  return `${paths.taskDetail}?${query.toString()}`;
}

/** `/ai?price=1` opens the points purchase modal on the landing page (where `/price` leads). */
export const PriceQuery = { show: 'price' } as const;

/** The workspace with one of its tools chosen: `/tool?tool=mixcut`. */
export function toolPath(tool: WorkspaceTool): string {
  return `${paths.tool}?tool=${tool}`;
}

/** The tool each short nav path opens: 剪辑 the mixed cut, 字幕 the translation, 配音 the commentary. */
export const TOOL_ALIASES = {
  [paths.toolsCut]: 'mixcut',
  [paths.toolsSubtitle]: 'translate',
  [paths.toolsVoice]: 'commentary',
} as const satisfies Record<string, NavTool>;

/**
 * `target` with the visitor's own query added (an alias keeps `invite_code` and `channel_from` of a shared link);
 * the target's parameters win over the visitor's.
 */
export function withVisitorQuery(target: string, search: string): string {
  const url = new URL(target, 'http://x');
  for (const [key, value] of new URLSearchParams(search)) {
    if (!url.searchParams.has(key)) url.searchParams.append(key, value);
  }
  const query = url.searchParams.toString();
  return `${url.pathname}${query ? `?${query}` : ''}`;
}
