/**
 * Paying on a phone: a new creator on a 390 px touch phone is offered the free points first, then buys a
 * package through Alipay's mobile cashier (the sandbox's), returns to the order page and sees the points credited.
 * The order page trusts no return parameters; closing an unpaid payment asks '确定放弃支付？' (desktop and phone).
 */
import { expect, test, type Page } from '@playwright/test';
import { OPERATOR_TOKEN } from '../playwright.config.js';
import {
  expectBooksBalanced,
  freshPhone,
  loginThroughModal,
  paymentDialog,
  pointsModal,
  pointsPackage,
} from '../support/fixtures.js';

/** Package ids of these tests, by the names the cards show. */
const PACKAGE_NAMES: Record<number, string> = { 1: '体验包', 7: '进阶包' };

/** A phone's browser: 390 px, touch, a mobile user agent (Chromium emulating it). */
const phoneUse = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
};

test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('tool_guide', JSON.stringify({ basic: 1 })));
});

async function creditTotal(page: Page): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/agent/v1/credit/total', {
    headers: { vendor: 'default', authorization: `Bearer ${token ?? ''}` },
  });
  return ((await response.json()) as { body: { total: number } }).body.total;
}

/** Logged in as a new creator, the points list open. */
async function openPointsList(page: Page) {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());
  await page.goto('/tool?showCredit=1');
  const modal = pointsModal(page);
  await expect(modal).toHaveAccessibleName('积分充值');
  await expect(modal.getByRole('button', { name: '立即购买' })).toBeVisible();
  return modal;
}

/** A new creator orders package `id`: the payment dialog opens. */
async function orderPackage(page: Page, id: number) {
  const modal = await openPointsList(page);
  await pointsPackage(modal, PACKAGE_NAMES[id]!).click();
  await modal.getByRole('button', { name: '立即购买' }).click();
  return paymentDialog(page);
}

/** '确定放弃支付？' is asked; `answer` is pressed and the question goes away. */
async function answerAbandon(page: Page, answer: '继续支付' | '放弃支付') {
  const confirm = page.getByRole('dialog', { name: '确定放弃支付？' });
  await expect(confirm.getByText('确定放弃支付？')).toBeVisible();
  await confirm.getByRole('button', { name: answer }).click();
  await expect(confirm).toBeHidden();
}

test.describe('on a phone', () => {
  test.use(phoneUse);

  test('a new creator claims the free points first, then buys through the mobile cashier and returns credited', async ({
    page,
  }) => {
    const modal = await openPointsList(page);
    const offer = modal.getByRole('region', { name: '新人专享 100 积分' });
    await expect(offer).toContainText('新人专享 100 积分');
    // Offered before the paid packages.
    const offerBox = (await offer.boundingBox())!;
    const packageBox = (await pointsPackage(modal, '进阶包').boundingBox())!;
    expect(offerBox.y).toBeLessThan(packageBox.y);
    await offer.getByRole('button', { name: '免费领取' }).tap();
    await expect(page.getByText('领取成功，100积分已到账')).toBeVisible();
    await expect(offer).toBeHidden();

    await pointsPackage(modal, '进阶包').tap();
    await modal.getByRole('button', { name: '立即购买' }).tap();
    const dialog = paymentDialog(page);
    const wap = dialog.getByRole('group', { name: '支付宝支付' });
    await expect(wap).toContainText('支付宝支付');
    await expect(wap).toContainText('¥30.00');
    await expect(dialog.getByRole('img', { name: '支付二维码' })).toHaveCount(0);

    await wap.getByRole('link', { name: '前往支付宝付款' }).tap();
    await expect(page).toHaveURL(/\/dev\/alipay\/cashier\?t=/);
    await expect(page.getByText('¥30.00')).toBeVisible();
    await expect(page.getByText(/订单号 \d{22}/)).toBeVisible();
    await page.getByRole('button', { name: '确认支付' }).tap();

    await expect(page).toHaveURL(/\/pay\/result\?order_no=\d{20}&.*out_trade_no=/);
    const result = page.getByRole('region', { name: '支付结果' });
    await expect(result.getByText('支付成功')).toBeVisible();
    // The amount is a figure with no label of its own, hence no role to be named by: its test id.
    await expect(result.getByTestId('pay-result-amount')).toHaveText('¥30.00');
    await expect(result.getByText('当前积分余额 550', { exact: true })).toBeVisible();
    expect(await creditTotal(page)).toBe(550);
  });

  test('a forged return credits nothing; giving up asks first, and the closed order’s cashier refuses to pay', async ({
    page,
  }) => {
    const dialog = await orderPackage(page, 1);
    const payUrl = (await dialog.getByRole('link', { name: '前往支付宝付款' }).getAttribute('href')) ?? '';
    const orderNo = /order_no%3D(\d+)/.exec(payUrl)?.[1] ?? '';
    expect(orderNo).toMatch(/^\d{20}$/);

    // What Alipay appends on return, typed by hand: the page asks the server, which asks Alipay.
    const forged = new URLSearchParams({
      order_no: orderNo,
      out_trade_no: `${orderNo}01`,
      method: 'alipay.trade.wap.pay.return',
      trade_status: 'TRADE_SUCCESS',
      total_amount: '10.00',
      trade_no: '2026000000000000000001',
      sign_type: 'RSA2',
      sign: 'Zm9yZ2Vk',
    });
    const polled = page.waitForResponse((response) => response.url().includes('/agent/v1/order/get_status'));
    await page.goto(`/pay/result?${forged.toString()}`);
    await polled;
    const result = page.getByRole('region', { name: '支付结果' });
    await expect(result.getByText('等待支付结果')).toBeVisible();
    expect(await creditTotal(page)).toBe(0);

    const abandon = result.getByRole('button', { name: '放弃支付' });
    await abandon.tap();
    await answerAbandon(page, '继续支付');
    await expect(result.getByText('等待支付结果')).toBeVisible();
    await abandon.tap();
    await answerAbandon(page, '放弃支付');
    await expect(result.getByText('订单已关闭')).toBeVisible();

    // The link of the cancelled order opens on Alipay's refusal, not on a cashier.
    await page.goto(payUrl);
    await expect(page.getByText('交易已关闭')).toBeVisible();
    await expect(page.getByRole('button', { name: '确认支付' })).toHaveCount(0);
    expect(await creditTotal(page)).toBe(0);
  });

  test('closing the payment dialog asks 确定放弃支付？ before cancelling', async ({ page }) => {
    const dialog = await orderPackage(page, 1);
    await expect(dialog.getByRole('group', { name: '支付宝支付' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).tap();
    await answerAbandon(page, '放弃支付');
    await expect(page.getByText('支付已取消')).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

test('on a desktop the QR stays; closing asks 确定放弃支付？, 继续支付 keeps the order, 放弃支付 cancels it', async ({
  page,
}) => {
  const dialog = await orderPackage(page, 1);
  const qr = dialog.getByRole('img', { name: '支付二维码' });
  await expect(qr).toHaveAttribute('data-qr-value', /\/dev\/alipay\/cashier\?t=/);
  await expect(dialog.getByRole('group', { name: '支付宝支付' })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await answerAbandon(page, '继续支付');
  await expect(qr).toBeVisible();

  await dialog.getByRole('button', { name: 'Close' }).click();
  await answerAbandon(page, '放弃支付');
  await expect(page.getByText('支付已取消')).toBeVisible();
  await expect(dialog).toBeHidden();
});
