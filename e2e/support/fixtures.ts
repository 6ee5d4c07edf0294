/** Helpers the specs share: fresh phone numbers, reading codes from the dev outbox, logging in through the modal. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The two widths a screen is checked at: a desktop and a phone, as `test.use` options. */
export const DESKTOP_AND_PHONE = [
  ['at 1440 px', { viewport: { width: 1440, height: 900 } }],
  ['on a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const;

let counter = 0;
export function freshPhone(): string {
  counter += 1;
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  return `137${stamp}${String(counter).padStart(2, '0')}`;
}

/** The last code `readCode` returned per phone: the next read waits for a newer one. */
const lastRead = new Map<string, string>();

/**
 * The code just sent to `phone`, from the development outbox. A phone that got a code earlier in the run (the demo
 * creator logs in once per viewport) still shows that one until the new send lands: wait for a code newer than the
 * last one read, never hand back a spent code.
 */
export async function readCode(request: APIRequestContext, phone: string): Promise<string> {
  let latest: { code: string; created_at: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/sms/outbox?phone=${phone}`);
      const json = (await response.json()) as { body: { data: { code: string; created_at: string }[] } };
      latest = json.body.data[0];
      if (!latest || `${latest.created_at} ${latest.code}` === lastRead.get(phone)) return '';
      return latest.code;
    })
    .toMatch(/^\d{6}$/);
  lastRead.set(phone, `${latest!.created_at} ${latest!.code}`);
  return latest!.code;
}

export async function openLoginModal(page: Page) {
  await page.getByTestId('topbar').getByRole('button', { name: '登录' }).click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  return modal;
}

/**
 * Logs in through the real modal: phone, get-code, code from the outbox, terms, submit. On the default layout a
 * creator without an application is then invited to apply: dismissed unless `keepApplyInvite`.
 */
export async function loginThroughModal(
  page: Page,
  phone: string,
  { keepApplyInvite = false, modalOpen = false } = {},
) {
  const modal = modalOpen ? page.getByTestId('login-modal') : await openLoginModal(page);
  await modal.getByPlaceholder('请输入手机号').fill(phone);
  await modal.getByRole('button', { name: '获取验证码' }).click();
  await expect(modal.getByText(/\d+s后重新发送/)).toBeVisible();
  const code = await readCode(page.request, phone);
  await modal.getByPlaceholder('请输入验证码').fill(code);
  await modal.getByText('我已阅读并同意').click();
  await expect(modal.getByRole('checkbox')).toBeChecked();
  await modal.getByRole('button', { name: '登录/注册' }).click();
  await expect(modal).toBeHidden();
  const ownLayout = /^\/(tool|ai|gift)(\/|$)/.test(new URL(page.url()).pathname);
  if (ownLayout || keepApplyInvite) return;
  const invite = page.getByTestId('apply-invite');
  await invite.getByRole('button', { name: '稍后再说' }).click();
  await expect(invite).toBeHidden();
}

/** The books check (`GET /ops/v1/reconciliation`): every wallet and points balance agrees with its ledger. */
export async function expectBooksBalanced(request: APIRequestContext, operatorToken: string) {
  const response = await request.get('/ops/v1/reconciliation', {
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  const json = (await response.json()) as { code: number; body: { balanced: boolean; discrepancies: unknown[] } };
  expect(json.code).toBe(0);
  expect(json.body.discrepancies).toEqual([]);
  expect(json.body.balanced).toBe(true);
}

/** A valid 18-digit ID number (a Beijing region, a 1990 birthday, a checksum that holds), new for every run. */
export function freshIdNumber(): string {
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const seq = String(Math.floor(Math.random() * 1000)).padStart(3, '0');
  const body = `11010519900${1 + Math.floor(Math.random() * 9)}${day}${seq}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

/**
 * The creator's first share, settled: they open the first task's promotion dialog, a reader follows the link and
 * recharges in the demo app, and an operator runs the settlement (the e2e server holds shares for a second).
 */
export async function earnSettledShare(page: Page, request: APIRequestContext, operatorToken: string) {
  await page.getByTestId('task-card').first().getByTestId('promotion-button').click();
  const link = (await page.getByTestId('promotion-dialog').getByTestId('value-serial_link').textContent())?.trim();
  expect(link).toMatch(/\/s\/[A-Z2-9]{8}$/);
  const reader = await page.context().newPage();
  await reader.goto(link!);
  await reader.getByTestId('demo-recharge').click();
  await expect(reader.getByTestId('demo-recharge-result')).toContainText('已上报');
  await reader.close();
  await expect
    .poll(async () => {
      const run = await request.post('/ops/v1/settlement/run', {
        headers: { authorization: `Bearer ${operatorToken}` },
      });
      return ((await run.json()) as { body: { settled_count: number } }).body.settled_count;
    })
    .toBeGreaterThanOrEqual(1);
}

/**
 * Logs `phone` in through the API (a login code from the development outbox) and answers its token. A phone that got
 * a code in the last minute waits out its cooldown: the send is retried until the server takes it.
 */
export async function apiToken(request: APIRequestContext, phone: string): Promise<string> {
  const headers = { vendor: 'default' };
  await expect
    .poll(
      async () => {
        const sent = await request.post('/agent/v1/user/send_code', { headers, data: { phone, type: 1 } });
        return ((await sent.json()) as { code: number }).code;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(0);
  const code = await readCode(request, phone);
  const login = await request.post('/agent/v1/user/login', { headers, data: { phone, code } });
  const json = (await login.json()) as { code: number; msg: string; body: { access_token: string } };
  expect(json.code, json.msg).toBe(0);
  return json.body.access_token;
}
