/**
 * A new creator's first session on a phone, start to end without a dead end and without a single refused
 * SMS: a friend's invite link → register → the free 100 points → receive a task and share its link → a reader's
 * recharge becomes the first share → a payee account → the agreement → a withdrawal. At 390 px, touch, with a phone's
 * user agent. Every `send_code` answer of the session is recorded and must be a success.
 */
import { expect, test, type APIRequestContext, type Response } from '@playwright/test';
import { OPERATOR_TOKEN } from '../playwright.config.js';
import {
  earnSettledShare,
  expectBooksBalanced,
  freshIdNumber,
  freshPhone,
  loginThroughModal,
  readCode,
} from '../support/fixtures.js';

test.use({
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
});

test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

const vendor = { vendor: 'default' };

/** A creator who already uses the product (logged in through the API) and their invite code. */
async function inviter(request: APIRequestContext): Promise<string> {
  const phone = freshPhone();
  await request.post('/agent/v1/user/send_code', { headers: vendor, data: { phone, type: 1 } });
  const code = await readCode(request, phone);
  const login = await request.post('/agent/v1/user/login', { headers: vendor, data: { phone, code } });
  const token = ((await login.json()) as { body: { access_token: string } }).body.access_token;
  const info = await request.get('/agent/v1/user/info', {
    headers: { ...vendor, authorization: `Bearer ${token}` },
  });
  return ((await info.json()) as { body: { invite_code: string } }).body.invite_code;
}

test('a new creator on a phone: invite link → register → free points → promote → first share → payee → sign → withdraw', async ({
  page,
  request,
}) => {
  test.setTimeout(4 * 60_000);
  const inviteCode = await inviter(request);

  // Every SMS the session asks for, with the server's answer: none may be refused.
  const smsAnswers: { type: number; code: number; msg: string }[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().includes('/agent/v1/user/send_code')) return;
    const type = (JSON.parse(response.request().postData() ?? '{}') as { type?: number }).type ?? 0;
    void response
      .json()
      .then((json: { code: number; msg: string }) => smsAnswers.push({ type, code: json.code, msg: json.msg }));
  });

  // The friend's link, opened on the phone: the login modal carries the invite code.
  await page.goto(`/?invite_code=${inviteCode}&showLoginModal=1`);
  const modal = page.getByTestId('login-modal');
  await expect(modal.getByPlaceholder('邀请码（非必填）')).toHaveValue(inviteCode);
  const phone = freshPhone();
  await loginThroughModal(page, phone, { modalOpen: true });
  await page.goto('/profile/team');
  await expect(page.getByTestId('my-leader')).toContainText(inviteCode);

  // The free 100 points, offered before any paid package.
  await page.goto('/tool?showCredit=1');
  const points = page.getByTestId('points-modal');
  const offer = points.getByTestId('free-points-offer');
  await expect(offer).toContainText('新人专享 100 积分');
  await offer.getByTestId('free-points-claim').tap();
  await expect(page.getByText('领取成功，100积分已到账')).toBeVisible();
  await expect(offer).toBeHidden();

  // Receive a task and share its link; a reader recharges in the app; the first share settles.
  await page.goto('/task');
  await earnSettledShare(page, request, OPERATOR_TOKEN);

  // Payee first (the agreement needs the real name), with one code; the agreement and the withdrawal inside the
  // money session that code opened.
  await page.goto('/income/withdraw');
  await expect(page.getByTestId('withdraw-can-out')).not.toHaveText('¥0.00');
  await expect(page.getByTestId('sign-add-payee')).toBeVisible();
  await expect(page.getByTestId('open-contract')).toHaveCount(0);
  // Choosing Alipay, which has no account yet, opens the form that adds one.
  await page.getByTestId('method-2').tap();
  await page.getByTestId('payee-real_name').fill('李四');
  await page.getByTestId('payee-id_card_number').fill(freshIdNumber());
  await page.getByTestId('payee-account_no').fill(`first${Date.now()}@example.com`);
  await page.getByTestId('payee-send-code').tap();
  await expect(page.getByTestId('payee-send-code')).toContainText(/\d+s后重新发送/);
  await expect.poll(() => smsAnswers.length).toBe(2);
  const payeeCode = await readCode(request, phone);
  await page.getByTestId('payee-code').fill(payeeCode);
  await page.getByTestId('payee-submit').tap();
  await expect(page.getByTestId('edit-account-2')).toHaveText('更换账户');

  await page.getByTestId('open-contract').tap();
  await expect(page.getByTestId('contract-text')).toContainText('李四');
  await expect(page.getByTestId('contract-code')).toHaveCount(0);
  await page.getByTestId('contract-sign').tap();
  await expect(page.getByText('协议签署成功')).toBeVisible();

  await page.getByTestId('method-2').tap();
  await page.getByTestId('withdraw-all').tap();
  await expect(page.getByTestId('withdraw-code')).toHaveCount(0);
  await page.getByTestId('withdraw-submit').tap();
  await expect(page.getByTestId('withdraw-success')).toBeVisible();

  // Two codes in the whole session (login, Alipay), both sent.
  expect(smsAnswers.map(({ type, code }) => ({ type, code }))).toEqual([
    { type: 1, code: 0 },
    { type: 4, code: 0 },
  ]);
});
