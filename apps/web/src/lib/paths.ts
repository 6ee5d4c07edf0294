/** The routes of spec §2: typed paths, which of them need login, and the query parameters that drive login. */

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
  userAgreement: '/agreement/user',
  privacyPolicy: '/agreement/privacy',
  /** Where a phone confirms a desktop's QR login (issue 10 §3); logs in on the page itself when needed. */
  qrLogin: '/qr-login',
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

/** The task detail address of spec §2: `/task-detail?task_id=&app_id=&task_type=` (app_id left out when unknown). */
export function taskDetailPath(task: { task_id: number; task_type: number; app_id?: number | null }): string {
  const query = new URLSearchParams({ task_id: String(task.task_id) });
  if (task.app_id) query.set('app_id', String(task.app_id));
  query.set('task_type', String(task.task_type));
  return `${paths.taskDetail}?${query.toString()}`;
}
