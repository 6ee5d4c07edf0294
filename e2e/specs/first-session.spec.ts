/**
 * A new creator's first session on a phone, start to end without a dead end and without a single refused
 * SMS: a friend's invite link → register → the free 100 points → receive a task and share its link → a reader's
 * recharge becomes the first share → a payee account → the agreement → a withdrawal. At 390 px, touch, with a phone's
 * user agent. Every `send_code` answer of the session is recorded and must be a success.
 */
import { expect, test, type APIRequestContext, type Response } from '@playwright/test';
import { OPERATOR_TOKEN } from '../playwright.config.js';
import {
  agreementDialog,
  earnSettledShare,
  expectBooksBalanced,
  fillAlipayPayee,
  freshPhone,
  loginModal,
  loginThroughModal,
  pointsModal,
  readCode,
  withdrawMethod,
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
  const modal = loginModal(page);
  await expect(modal.getByPlaceholder('邀请码（非必填）')).toHaveValue(inviteCode);
  const phone = freshPhone();
  await loginThroughModal(page, phone, { modalOpen: true });
  await page.goto('/profile/team');
  // A team fact is text beside its label, which no role is named by: its test id.
  await expect(page.getByTestId('my-leader')).toContainText(inviteCode);

  // The free 100 points, offered before any paid package.
  await page.goto('/tool?showCredit=1');
  const points = pointsModal(page);
  const offer = points.getByRole('region', { name: '新人专享 100 积分' });
  await expect(offer).toContainText('新人专享 100 积分');
  await offer.getByRole('button', { name: '免费领取' }).tap();
  await expect(page.getByText('领取成功，100积分已到账')).toBeVisible();
  await expect(offer).toBeHidden();

  // Receive a task and share its link; a reader recharges in the app; the first share settles.
  await page.goto('/task');
  await earnSettledShare(page, request, OPERATOR_TOKEN);

  // Payee first (the agreement needs the real name), with one code; the agreement and the withdrawal inside the
  // money session that code opened.
  await page.goto('/income/withdraw');
  // The balance is text beside its label, which no role is named by: its test id.
  await expect(page.getByTestId('withdraw-can-out')).not.toHaveText('¥0.00');
  await expect(page.getByRole('button', { name: '添加收款账户' })).toBeVisible();
  await expect(page.getByRole('button', { name: '签署协议' })).toHaveCount(0);
  // Choosing Alipay, which has no account yet, opens the form that adds one.
  await withdrawMethod(page, '支付宝').tap();
  const payee = await fillAlipayPayee(page, { realName: '李四', account: `first${Date.now()}@example.com` });
  await payee.getByRole('button', { name: '获取验证码' }).tap();
  await expect(payee.getByRole('button', { name: /\d+s后重新发送/ })).toBeVisible();
  await expect.poll(() => smsAnswers.length).toBe(2);
  const payeeCode = await readCode(request, phone);
  await payee.getByRole('textbox', { name: '验证码' }).fill(payeeCode);
  await payee.getByRole('button', { name: '保存' }).tap();
  await expect(page.getByRole('button', { name: '更换账户（支付宝）' })).toHaveText('更换账户');

  await page.getByRole('button', { name: '签署协议' }).tap();
  const agreement = agreementDialog(page);
  await expect(agreement.getByRole('region')).toContainText('李四');
  await expect(agreement.getByRole('textbox', { name: '验证码' })).toHaveCount(0);
  await agreement.getByRole('button', { name: '同意并签署' }).tap();
  await expect(page.getByText('协议签署成功')).toBeVisible();

  await withdrawMethod(page, '支付宝').tap();
  await page.getByRole('button', { name: '全部提现' }).tap();
  await expect(page.getByRole('textbox', { name: '验证码' })).toHaveCount(0);
  await page.getByRole('button', { name: '确认提现' }).tap();
  await expect(page.getByText('提现申请已提交')).toBeVisible();

  // Two codes in the whole session (login, Alipay), both sent.
  expect(smsAnswers.map(({ type, code }) => ({ type, code }))).toEqual([
    { type: 1, code: 0 },
    { type: 4, code: 0 },
  ]);
});
