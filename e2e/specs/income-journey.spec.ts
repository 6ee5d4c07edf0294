/**
 * The creator's income pages without dead ends: a points purchase paid from the wallet reads as what it
 * is, a submitted withdrawal can be taken back, a withdraw form with nothing to withdraw says so, 查看提现记录 opens
 * the records, every income sub-page leads back, and the phone's date filter fits its screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPERATOR_TOKEN } from '../playwright.config.js';
import { dataRows, expectBooksBalanced, freshPhone, withdrawMethod } from '../support/fixtures.js';

const DEMO_PHONE = '13800138000';
const VENDOR = { vendor: 'default' };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

type Envelope<T = Record<string, unknown>> = { code: number; msg: string; body: T };

async function api<T = Record<string, unknown>>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post',
  url: string,
  data?: object,
): Promise<Envelope<T>> {
  const response = await request[method](url, {
    headers: { ...VENDOR, authorization: `Bearer ${token}` },
    ...(data && { data }),
  });
  return (await response.json()) as Envelope<T>;
}

/**
 * Asks for a code with `send` until the server sends one, then reads that new code from the development outbox:
 * the phone's SMS cooldown since its last code (a login a moment ago) is waited out as a person waits for the
 * button to come back.
 */
async function sendAndRead(request: APIRequestContext, phone: string, send: () => Promise<Envelope>) {
  const outbox = async () =>
    ((await (await request.get(`/dev/sms/outbox?phone=${phone}`)).json()) as Envelope<{ data: { code: string }[] }>)
      .body.data;
  const before = (await outbox()).length;
  await expect.poll(async () => (await send()).code, { timeout: 90_000, intervals: [2_000] }).toBe(0);
  let code = '';
  await expect
    .poll(async () => {
      const sent = await outbox();
      code = sent[0]?.code ?? '';
      return sent.length > before;
    })
    .toBe(true);
  return code;
}

/** Logs `phone` in through the API (a login code from the development outbox): its token. */
async function tokenOf(request: APIRequestContext, phone: string): Promise<string> {
  const code = await sendAndRead(request, phone, async () =>
    (await request.post('/agent/v1/user/send_code', { headers: VENDOR, data: { phone, type: 1 } })).json(),
  );
  const login = (await (
    await request.post('/agent/v1/user/login', { headers: VENDOR, data: { phone, code } })
  ).json()) as Envelope<{ access_token: string }>;
  expect(login.code, login.msg).toBe(0);
  return login.body.access_token;
}

let demoToken: string | undefined;
/** The demo creator (settled income in the wallet, a withdrawal 已提交), logged in once for the file. */
async function demoCreator(request: APIRequestContext): Promise<string> {
  demoToken ??= await tokenOf(request, DEMO_PHONE);
  return demoToken;
}

async function openAs(page: Page, token: string, path: string) {
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  await page.goto(path);
}

/** Pays a 10.00 points package from the demo creator's wallet with a wallet code (type 5). */
async function buyPointsFromWallet(request: APIRequestContext, token: string): Promise<string> {
  const order = await api<{ order_no: string }>(request, token, 'post', '/agent/v1/order/create', {
    type: 1,
    pro_id: 1,
    quantity: 1,
  });
  expect(order.code, order.msg).toBe(0);
  const code = await sendAndRead(request, DEMO_PHONE, () =>
    api(request, token, 'post', '/agent/v1/user/send_code_by_id', { type: 5 }),
  );
  const paid = await api(request, token, 'post', '/agent/v1/order/wallet_pay', { order_no: order.body.order_no, code });
  expect(paid.code, paid.msg).toBe(0);
  return order.body.order_no;
}

test('a points purchase paid from the wallet reads as 积分购买: its order, what the wallet paid, no payee (1440 and 390)', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const token = await demoCreator(request);
  const orderNo = await buyPointsFromWallet(request, token);

  await page.setViewportSize({ width: 1440, height: 900 });
  await openAs(page, token, '/income');
  const records = page.getByRole('region', { name: '提现记录' });
  const row = dataRows(records).first();
  // A record's type, amounts and target are text in its row, which no role is named by: test ids.
  await expect(row.getByTestId('cash-out-type')).toHaveText('积分购买');
  await expect(row.getByTestId('cash-out-amount')).toHaveText('¥10.00');
  await expect(row.getByTestId('cash-out-target')).toHaveText(`订单 ${orderNo}`);
  await expect(row.getByTestId('cash-out-pay')).toHaveText('—');
  await expect(row).not.toContainText('¥0.00');
  await expect(row.getByRole('button', { name: '取消提现' })).toHaveCount(0);
  await records.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('records-1440.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  // The phone's layout: the tab bar, and the records as cards.
  await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
  const card = records.getByRole('listitem').first();
  await expect(card.getByTestId('cash-out-type')).toHaveText('积分购买');
  await expect(card.getByTestId('cash-out-amount')).toHaveText('¥10.00');
  await expect(card.getByTestId('cash-out-target')).toHaveText(`订单 ${orderNo}`);
  await expect(card).not.toContainText('¥0.00');
  await expect(card).not.toContainText('到账');
  await card.getByRole('button', { name: /^积分购买/ }).click();
  const detail = page.getByRole('dialog', { name: '积分购买详情' });
  await expect(detail.getByTestId('cash-out-order')).toHaveText(orderNo);
  await expect(detail).not.toContainText('收款');
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the creator cancels the withdrawal still 已提交: confirmed, 已取消, the amount back in 可提现', async ({
    page,
    request,
  }) => {
    const token = await demoCreator(request);
    const canOut = async () =>
      Number((await api<{ can_out: string }>(request, token, 'get', '/agent/v1/credit/income')).body.can_out);
    const before = await canOut();
    await openAs(page, token, '/income');
    // A record's status is text in its card, which no role is named by: its test id.
    const pending = page
      .getByRole('region', { name: '提现记录' })
      .getByRole('listitem')
      .filter({ has: page.getByTestId('out-status').filter({ hasText: '已提交' }) })
      .first();
    await pending.getByRole('button', { name: '取消提现' }).click();
    await expect(page.getByText(/取消后 ¥500.00 将退回可提现余额/)).toBeVisible();
    await page.getByRole('button', { name: '确定取消' }).click();
    await expect(page.getByText('提现已取消，金额已退回可提现余额')).toBeVisible();
    await expect(page.getByTestId('out-status').filter({ hasText: '已取消' })).toHaveCount(1);
    expect(await canOut()).toBeCloseTo(before + 500, 2);
    await page.screenshot({ path: test.info().outputPath('cancelled-390.png'), fullPage: true });
  });

  test('a new creator: nothing to withdraw says so, no account looks chosen, 查看提现记录 opens the records, a way back', async ({
    page,
    request,
  }) => {
    const token = await tokenOf(request, freshPhone());
    await openAs(page, token, '/income/withdraw');
    await expect(page.getByRole('alert').filter({ hasText: '暂无可提现金额' })).toHaveText(
      '暂无可提现金额，收益结算后可提现',
    );
    await expect(page.getByRole('textbox', { name: '提现金额' })).toBeDisabled();
    await expect(page.getByRole('button', { name: '确认提现' })).toBeDisabled();
    for (const kind of ['银行卡', '支付宝'] as const) {
      await expect(withdrawMethod(page, kind)).toHaveAttribute('aria-checked', 'false');
    }
    await page.screenshot({ path: test.info().outputPath('withdraw-empty-390.png'), fullPage: true });

    await page.getByRole('button', { name: '查看提现记录' }).click();
    await expect(page).toHaveURL(/\/income#cash-out$/);
    await expect(page.getByRole('region', { name: '提现记录' })).toBeInViewport();

    await page.goto('/income/app');
    await page.getByRole('button', { name: '返回我的收益' }).click();
    await expect(page).toHaveURL(/\/income$/);
  });

  test('the date filter of /income is one month and fits 390 px', async ({ page, request }) => {
    const token = await demoCreator(request);
    await openAs(page, token, '/income');
    const month = page.getByRole('textbox', { name: '选择月份' });
    await month.click();
    // Arco's month panel and its cells have no roles: found by their classes.
    const popup = page.locator('.arco-picker-container').last();
    await expect(popup).toBeVisible();
    const box = (await popup.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('month-filter-390.png') });
    await popup.locator('.arco-picker-cell-in-view').first().click();
    await expect(month).toHaveValue(/^\d{4}-01$/);
  });
});
