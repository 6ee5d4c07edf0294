import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectBooksBalanced, freshIdNumber, freshPhone, loginThroughModal } from '../support/fixtures.js';
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
  const card = page.getByTestId('task-card').first();
  await card.getByTestId('promotion-button').click();
  const dialog = page.getByTestId('promotion-dialog');
  const link = (await dialog.getByTestId('value-serial_link').textContent())?.trim() ?? '';
  expect(link).toMatch(/\/s\/[A-Z2-9]{8}$/);

  // A reader follows the link to the app and pays there: the app reports the recharge through the open API.
  const reader = await context.newPage();
  await reader.goto(link);
  await reader.getByTestId('demo-recharge').click();
  await expect(reader.getByTestId('demo-recharge-result')).toContainText('已上报一笔 30.00 元充值');
  await reader.close();

  await page.goto('/income');
  const row = page.getByTestId('order-row').first();
  await expect(row).toBeVisible();
  await expect(row.getByTestId('sett-status')).toHaveText('待结算');
  await expect(page.getByTestId('can-out')).toHaveText('¥0.00');

  // The hold is one second here; an operator runs the settlement instead of waiting for the 5-minute job.
  await page.waitForTimeout(1_100);
  const run = await request.post('/ops/v1/settlement/run', { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
  const settled = (await run.json()) as { code: number; body: { settled_count: number } };
  expect(settled.code).toBe(0);
  expect(settled.body.settled_count).toBeGreaterThanOrEqual(1);

  await page.reload();
  await expect(page.getByTestId('order-row').first().getByTestId('sett-status')).toHaveText('已结算');
  await expect(page.getByTestId('can-out')).not.toHaveText('¥0.00');

  // Withdraw to Alipay: add the account (SMS type 4), then sign and apply inside the money session it opened.
  await page.getByTestId('to-withdraw').click();
  await expect(page).toHaveURL(/\/income\/withdraw/);
  // Alipay has no account yet: picking it opens the form that adds one.
  await page.getByTestId('method-2').click();
  await page.getByTestId('payee-real_name').fill('张三');
  await page.getByTestId('payee-id_card_number').fill(freshIdNumber());
  await page.getByTestId('payee-account_no').fill(`e2e${Date.now()}@example.com`);
  const accountCode = await codeFor(page, request, phone, page.getByTestId('payee-send-code'), loginCode);
  await page.getByTestId('payee-code').fill(accountCode);
  await page.getByTestId('payee-submit').click();
  await expect(page.getByTestId('edit-account-2')).toHaveText('更换账户');

  await page.getByTestId('open-contract').click();
  await expect(page.getByTestId('contract-text')).toContainText('协议');
  await expect(page.getByTestId('contract-verified')).toBeVisible();
  await page.getByTestId('contract-sign').click();
  await expect(page.getByText('协议签署成功')).toBeVisible();

  await page.getByTestId('method-2').click();
  await page.getByTestId('withdraw-all').click();
  await expect(page.getByTestId('tax-preview')).toBeVisible();
  await expect(page.getByTestId('withdraw-verified')).toBeVisible();
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-success')).toBeVisible();

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
        return (await page.getByTestId('cash-out-row').first().getByTestId('out-status').textContent())?.trim();
      },
      { timeout: 30_000 },
    )
    .toBe('提现成功');
});
