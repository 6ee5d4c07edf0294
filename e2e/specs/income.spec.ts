import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  agreementDialog,
  dataRows,
  expectBooksBalanced,
  fillAlipayPayee,
  freshPhone,
  loginThroughModal,
  promotionButtons,
  promotionDialog,
  taskCards,
  withdrawMethod,
} from '../support/fixtures.js';
import { OPERATOR_TOKEN } from '../playwright.config.js';

// Every money flow leaves the books balanced: the operator's books check after each test.
test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

/**
 * One SMS code a minute per phone: wait for the minute since the last one, as a person waits for the button, then
 * ask for a code and read it from the development outbox once it is a new one.
 */
async function codeFor(page: Page, request: APIRequestContext, phone: string, sendButton: Locator, previous: string) {
  await page.waitForTimeout(61_000);
  await sendButton.click();
  let code = '';
  await expect
    .poll(async () => {
      const json = (await (await request.get(`/dev/sms/outbox?phone=${phone}`)).json()) as {
        body: { data: { code: string }[] };
      };
      code = json.body.data[0]?.code ?? '';
      return code !== previous && /^\d{6}$/.test(code);
    })
    .toBe(true);
  return code;
}

const ops = (request: APIRequestContext, method: 'get' | 'post', url: string, data?: object) =>
  request[method](url, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` }, ...(data && { data }) });

test('the income loop: a reported recharge is 待结算, settles, is withdrawn to Alipay and paid: 提现成功', async ({
  page,
  context,
  request,
}) => {
  // One SMS code after the login (a minute after it): the money session it opens covers the agreement and the
  // withdrawal (ADR 0026).
  test.setTimeout(4 * 60_000);
  const phone = freshPhone();
  await page.goto('/task');
  await loginThroughModal(page, phone);
  const loginCode = (
    (await (await request.get(`/dev/sms/outbox?phone=${phone}`)).json()) as { body: { data: { code: string }[] } }
  ).body.data[0]!.code;
  await promotionButtons(taskCards(page).first()).click();
  // The link is a value beside its label, which names no role: its test id.
  const link = (await promotionDialog(page).getByTestId('value-serial_link').textContent())?.trim() ?? '';
  expect(link).toMatch(/\/s\/[A-Z2-9]{8}$/);

  // A reader follows the link to the app and pays there: the app reports the recharge through the open API.
  const reader = await context.newPage();
  await reader.goto(link);
  await reader.getByRole('button', { name: '模拟充值' }).click();
  await expect(reader.getByText(/已上报一笔 30.00 元充值/)).toBeVisible();
  await reader.close();

  await page.goto('/income');
  const orders = page.getByRole('region', { name: '分成订单' });
  const row = dataRows(orders).first();
  await expect(row).toBeVisible();
  // Statuses and figures are text in a row or beside a label, which no role is named by: test ids.
  await expect(row.getByTestId('sett-status')).toHaveText('待结算');
  await expect(page.getByTestId('can-out')).toHaveText('¥0.00');

  // The hold is one second here; an operator runs the settlement instead of waiting for the 5-minute job.
  await page.waitForTimeout(1_100);
  const run = await request.post('/ops/v1/settlement/run', { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
  const settled = (await run.json()) as { code: number; body: { settled_count: number } };
  expect(settled.code).toBe(0);
  expect(settled.body.settled_count).toBeGreaterThanOrEqual(1);

  await page.reload();
  await expect(dataRows(orders).first().getByTestId('sett-status')).toHaveText('已结算');
  await expect(page.getByTestId('can-out')).not.toHaveText('¥0.00');

  // Withdraw to Alipay: add the account (SMS type 4), then sign and apply inside the money session it opened.
  await page.getByRole('button', { name: '提现', exact: true }).click();
  await expect(page).toHaveURL(/\/income\/withdraw/);
  // Alipay has no account yet: picking it opens the form that adds one.
  await withdrawMethod(page, '支付宝').click();
  const payee = await fillAlipayPayee(page, { realName: '张三', account: `e2e${Date.now()}@example.com` });
  const sendCode = payee.getByRole('button', { name: '获取验证码' });
  const accountCode = await codeFor(page, request, phone, sendCode, loginCode);
  await payee.getByRole('textbox', { name: '验证码' }).fill(accountCode);
  await payee.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('button', { name: '更换账户（支付宝）' })).toHaveText('更换账户');

  await page.getByRole('button', { name: '签署协议' }).click();
  const agreement = agreementDialog(page);
  await expect(agreement.getByRole('region')).toContainText('协议');
  await expect(agreement.getByRole('status')).toBeVisible();
  await agreement.getByRole('button', { name: '同意并签署' }).click();
  await expect(page.getByText('协议签署成功')).toBeVisible();

  await withdrawMethod(page, '支付宝').click();
  await page.getByRole('button', { name: '全部提现' }).click();
  await expect(page.getByText(/以打款时为准$/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '无需再次输入验证码' })).toBeVisible();
  await page.getByRole('button', { name: '确认提现' }).click();
  await expect(page.getByText('提现申请已提交')).toBeVisible();

  // An operator approves and pays it; the payout job pays through the Alipay sandbox.
  const pending = (await (await ops(request, 'get', '/ops/v1/withdrawals?status=1&page_size=50')).json()) as {
    body: { data: { id: number; phone: string }[] };
  };
  const mine = pending.body.data.find((w) => w.phone.endsWith(phone.slice(-4)))!;
  expect((await (await ops(request, 'post', `/ops/v1/withdrawals/${mine.id}/approve`)).json()).code).toBe(0);
  expect((await (await ops(request, 'post', `/ops/v1/withdrawals/${mine.id}/pay`, {})).json()).code).toBe(0);

  await expect
    .poll(
      async () => {
        await page.goto('/income');
        const records = page.getByRole('region', { name: '提现记录' });
        return (await dataRows(records).first().getByTestId('out-status').textContent())?.trim();
      },
      { timeout: 30_000 },
    )
    .toBe('提现成功');
});
