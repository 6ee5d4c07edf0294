/**
 * SMS where it protects, not where it blocks: a new creator adds a payee with one code, then signs the
 * agreement and withdraws inside the money session that code opened — no second SMS — and a login code is still
 * there afterwards. The agreement is offered only after a payee account with a real name exists, and a second
 * account shows the verified identity instead of asking for it. On a 390 px phone (touch) and at 1440 px.
 */
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import {
  agreementDialog,
  alipayForm,
  earnSettledShare,
  expectBooksBalanced,
  freshIdNumber,
  freshPhone,
  loginThroughModal,
  withdrawMethod,
} from '../support/fixtures.js';
import { OPERATOR_TOKEN } from '../playwright.config.js';

test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

async function outbox(request: APIRequestContext, phone: string): Promise<{ code: string; type: number }[]> {
  const json = (await (await request.get(`/dev/sms/outbox?phone=${phone}`)).json()) as {
    body: { data: { code: string; type: number }[] };
  };
  return json.body.data;
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const widths = [
  { name: 'a 390 px phone', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  { name: '1440 px', use: { viewport: { width: 1440, height: 900 } } },
];

for (const width of widths) {
  test.describe(`on ${width.name}`, () => {
    test.use(width.use);

    test('a new creator adds a payee with one code, then signs and withdraws without a second SMS', async ({
      page,
      request,
    }, testInfo) => {
      test.setTimeout(3 * 60_000);
      const phone = freshPhone();
      await page.goto('/task?showLoginModal=1');
      await loginThroughModal(page, phone, { modalOpen: true });
      const loggedInAt = Date.now();
      await earnSettledShare(page, request, OPERATOR_TOKEN);

      await page.goto('/income/withdraw');
      // The balance is text beside its label, which no role is named by: its test id.
      await expect(page.getByTestId('withdraw-can-out')).not.toHaveText('¥0.00');
      // Before a real name, the agreement is not offered: a payee account is, and no code is asked for.
      await expect(page.getByText('提现前需签署服务协议：请先添加收款账户并完成实名')).toBeVisible();
      await expect(page.getByRole('button', { name: '添加收款账户' })).toBeVisible();
      await expect(page.getByRole('button', { name: '签署协议' })).toHaveCount(0);
      await expect(page.getByRole('textbox', { name: '验证码' })).toHaveCount(0);
      await shoot(page, testInfo, 'withdraw-before-real-name');
      // Choosing Alipay, which has no account yet, opens the form that adds one.
      await withdrawMethod(page, '支付宝').click();

      // The Alipay code goes out at once: the login code a moment ago has its own cooldown.
      const payee = alipayForm(page);
      const idCard = payee.getByRole('textbox', { name: '身份证号' });
      await payee.getByRole('textbox', { name: '真实姓名' }).fill('张三');
      await idCard.fill('');
      await idCard.blur();
      await expect(page.getByText('请填写身份证号')).toBeVisible();
      await idCard.fill(freshIdNumber());
      await payee.getByRole('textbox', { name: '支付宝账号' }).fill(`v${Date.now()}@example.com`);
      await payee.getByRole('button', { name: '获取验证码' }).click();
      await expect(payee.getByRole('button', { name: /\d+s后重新发送/ })).toBeVisible();
      await shoot(page, testInfo, 'payee-form-first-account');
      await expect.poll(async () => (await outbox(request, phone)).length).toBe(2);
      const [alipayCode] = await outbox(request, phone);
      expect(alipayCode!.type).toBe(4);
      await payee.getByRole('textbox', { name: '验证码' }).fill(alipayCode!.code);
      await payee.getByRole('button', { name: '保存' }).click();
      await expect(page.getByRole('button', { name: '更换账户（支付宝）' })).toHaveText('更换账户');

      // The money session the Alipay code opened covers the agreement: no code field, signed at once.
      await page.getByRole('button', { name: '签署协议' }).click();
      const agreement = agreementDialog(page);
      await expect(agreement.getByRole('region')).toContainText('张三');
      await expect(agreement.getByRole('status')).toContainText('内的资金操作无需再次输入验证码');
      await expect(agreement.getByRole('textbox', { name: '验证码' })).toHaveCount(0);
      await shoot(page, testInfo, 'contract-in-money-session');
      await agreement.getByRole('button', { name: '同意并签署' }).click();
      await expect(page.getByText('协议签署成功')).toBeVisible();

      // A second account shows the verified identity instead of asking for it again.
      await page.getByRole('button', { name: '添加账户（银行卡）' }).click();
      const bankForm = page.getByRole('dialog', { name: '银行卡信息' });
      // The identity on file is text beside its labels, which no role is named by: its test id.
      const identity = bankForm.getByTestId('payee-identity');
      await expect(identity).toContainText('张三');
      await expect(identity).toContainText('**********');
      await expect(bankForm.getByRole('textbox', { name: '真实姓名' })).toHaveCount(0);
      await shoot(page, testInfo, 'payee-form-identity-on-file');
      await bankForm.getByRole('button', { name: 'Close' }).click();
      await expect(identity).toHaveCount(0);

      // And the withdrawal: the same money session, still no code.
      await withdrawMethod(page, '支付宝').click();
      await page.getByRole('button', { name: '全部提现' }).click();
      await expect(page.getByRole('status').filter({ hasText: '无需再次输入验证码' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: '验证码' })).toHaveCount(0);
      await shoot(page, testInfo, 'withdraw-in-money-session');
      await page.getByRole('button', { name: '确认提现' }).click();
      await expect(page.getByText('提现申请已提交')).toBeVisible();
      expect((await outbox(request, phone)).map((sms) => sms.type)).toEqual([4, 1]);

      // A login code is still there after the money actions, once the login code's own minute is over.
      await page.evaluate(() => localStorage.removeItem('token'));
      await page.waitForTimeout(Math.max(0, loggedInAt + 61_000 - Date.now()));
      await page.goto('/task?showLoginModal=1');
      await loginThroughModal(page, phone, { modalOpen: true, keepApplyInvite: true });
      expect((await outbox(request, phone)).map((sms) => sms.type)).toEqual([1, 4, 1]);
    });
  });
}
