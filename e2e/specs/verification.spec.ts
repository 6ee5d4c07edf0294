/**
 * SMS where it protects, not where it blocks: a new creator adds a payee with one code, then signs the
 * agreement and withdraws inside the money session that code opened — no second SMS — and a login code is still
 * there afterwards. The agreement is offered only after a payee account with a real name exists, and a second
 * account shows the verified identity instead of asking for it. On a 390 px phone (touch) and at 1440 px.
 */
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import {
  earnSettledShare,
  expectBooksBalanced,
  freshIdNumber,
  freshPhone,
  loginThroughModal,
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
      await expect(page.getByTestId('withdraw-can-out')).not.toHaveText('¥0.00');
      // Before a real name, the agreement is not offered: a payee account is, and no code is asked for.
      await expect(page.getByText('提现前需签署服务协议：请先添加收款账户并完成实名')).toBeVisible();
      await expect(page.getByTestId('sign-add-payee')).toBeVisible();
      await expect(page.getByTestId('open-contract')).toHaveCount(0);
      await expect(page.getByTestId('withdraw-code')).toHaveCount(0);
      await shoot(page, testInfo, 'withdraw-before-real-name');
      // Choosing Alipay, which has no account yet, opens the form that adds one.
      await page.getByTestId('method-2').click();

      // The Alipay code goes out at once: the login code a moment ago has its own cooldown.
      await page.getByTestId('payee-real_name').fill('张三');
      await page.getByTestId('payee-id_card_number').fill('');
      await page.getByTestId('payee-id_card_number').blur();
      await expect(page.getByText('请填写身份证号')).toBeVisible();
      await page.getByTestId('payee-id_card_number').fill(freshIdNumber());
      await page.getByTestId('payee-account_no').fill(`v${Date.now()}@example.com`);
      await page.getByTestId('payee-send-code').click();
      await expect(page.getByTestId('payee-send-code')).toContainText(/\d+s后重新发送/);
      await shoot(page, testInfo, 'payee-form-first-account');
      await expect.poll(async () => (await outbox(request, phone)).length).toBe(2);
      const [alipayCode] = await outbox(request, phone);
      expect(alipayCode!.type).toBe(4);
      await page.getByTestId('payee-code').fill(alipayCode!.code);
      await page.getByTestId('payee-submit').click();
      await expect(page.getByTestId('edit-account-2')).toHaveText('更换账户');

      // The money session the Alipay code opened covers the agreement: no code field, signed at once.
      await page.getByTestId('open-contract').click();
      await expect(page.getByTestId('contract-text')).toContainText('张三');
      await expect(page.getByTestId('contract-verified')).toContainText('内的资金操作无需再次输入验证码');
      await expect(page.getByTestId('contract-code')).toHaveCount(0);
      await shoot(page, testInfo, 'contract-in-money-session');
      await page.getByTestId('contract-sign').click();
      await expect(page.getByText('协议签署成功')).toBeVisible();

      // A second account shows the verified identity instead of asking for it again.
      await page.getByTestId('edit-account-1').click();
      await expect(page.getByTestId('payee-identity')).toContainText('张三');
      await expect(page.getByTestId('payee-identity')).toContainText('**********');
      await expect(page.getByTestId('payee-real_name')).toHaveCount(0);
      await shoot(page, testInfo, 'payee-form-identity-on-file');
      await page.locator('.arco-modal-close-icon').click();
      await expect(page.getByTestId('payee-identity')).toHaveCount(0);

      // And the withdrawal: the same money session, still no code.
      await page.getByTestId('method-2').click();
      await page.getByTestId('withdraw-all').click();
      await expect(page.getByTestId('withdraw-verified')).toBeVisible();
      await expect(page.getByTestId('withdraw-code')).toHaveCount(0);
      await shoot(page, testInfo, 'withdraw-in-money-session');
      await page.getByTestId('withdraw-submit').click();
      await expect(page.getByTestId('withdraw-success')).toBeVisible();
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
