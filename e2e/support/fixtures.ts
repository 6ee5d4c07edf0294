/** Helpers the specs share: fresh phone numbers, reading codes from the dev outbox, logging in through the modal. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;
export function freshPhone(): string {
  counter += 1;
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  return `137${stamp}${String(counter).padStart(2, '0')}`;
}

export async function readCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/sms/outbox?phone=${phone}`);
      const json = (await response.json()) as { body: { data: { code: string }[] } };
      code = json.body.data[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

export async function openLoginModal(page: Page) {
  await page.getByTestId('topbar').getByRole('button', { name: '登录' }).click();
  const modal = page.getByTestId('login-modal');
  await expect(modal).toBeVisible();
  return modal;
}

/**
 * Logs in through the real modal: phone, get-code, code from the outbox, terms, submit. On the default layout a
 * creator without an application is then invited to apply (issue 10 §6.3): dismissed unless `keepApplyInvite`.
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
