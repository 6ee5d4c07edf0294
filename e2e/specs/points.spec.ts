import { expect, test } from '@playwright/test';
import {
  expectBooksBalanced,
  freshPhone,
  loginModal,
  loginThroughModal,
  paymentDialog,
  pointsBalance,
  pointsModal,
  pointsPackage,
  topBar,
} from '../support/fixtures.js';
import { OPERATOR_TOKEN } from '../playwright.config.js';

// Every money flow leaves the books balanced: the operator's books check after each test.
test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

// Returning creators: the workspace's first-visit tour (tool.spec covers it) would sit over the tool bar.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('tool_guide', JSON.stringify({ basic: 1 })));
});

test('buy a points package: QR, pay on the sandbox cashier, see 支付成功 and the new total', async ({
  page,
  context,
}) => {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());
  await page.goto('/tool');
  await expect(pointsBalance(page)).toHaveText('积分0');

  await topBar(page).getByRole('button', { name: '充值', exact: true }).click();
  const modal = pointsModal(page);
  await expect(modal).toBeVisible();
  await pointsPackage(modal, '进阶包').click();
  await modal.getByRole('button', { name: '立即购买' }).click();

  const dialog = paymentDialog(page);
  await expect(dialog).toBeVisible();
  // The countdown is a figure inside a sentence, with no role to be named by: its test id.
  await expect(dialog.getByTestId('pay-countdown')).toContainText(/09:5\d/);
  const qr = dialog.getByRole('img', { name: '支付二维码' });
  await expect(qr).toHaveAttribute('data-qr-value', /\/dev\/alipay\/cashier\?t=/);
  const cashierUrl = (await qr.getAttribute('data-qr-value')) ?? '';

  // The buyer scans the code: the sandbox cashier opens on another device.
  const phone = await context.newPage();
  await phone.goto(new URL(cashierUrl).pathname + new URL(cashierUrl).search);
  await expect(phone.getByText('支付宝沙箱收银台').first()).toBeVisible();
  await expect(phone.getByText('¥30.00')).toBeVisible();
  await phone.getByRole('button', { name: '确认支付' }).click();
  await expect(phone.getByText('支付成功')).toBeVisible();
  await phone.close();

  await expect(dialog.getByText('支付成功', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('支付成功').first()).toBeVisible();
  await expect(pointsBalance(page)).toHaveText('积分450', { timeout: 15_000 });
});

test('claim the free 100 points on /gift once; the second time goes to the tool', async ({ page }) => {
  await page.goto('/gift');
  const claim = page.getByRole('button', { name: /^(免费领取|已领取)/ });
  await claim.click();
  await expect(loginModal(page)).toBeVisible();
  // Logged out, claiming asks for a login first.
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());

  await page.goto('/gift');
  await claim.click();
  await expect(page.getByText('领取成功，100积分已到账')).toBeVisible();
  await claim.click();
  await expect(page).toHaveURL(/\/tool/);
  await expect(pointsBalance(page)).toHaveText('积分100');
});

test('the retention offer: closing the list with a package chosen shows the server-issued 59:59 and sells at the discount', async ({
  page,
}) => {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());
  await page.goto('/tool');
  await topBar(page).getByRole('button', { name: '充值', exact: true }).click();
  await pointsPackage(pointsModal(page), '进阶包').click();
  await page.keyboard.press('Escape');

  const offer = page.getByRole('dialog', { name: '为您保留一份限时特惠' });
  await expect(offer).toBeVisible();
  // The countdown is a figure beside its label, with no role to be named by: its test id.
  await expect(offer.getByTestId('retention-countdown')).toHaveText(/^59:5\d$/);
  await offer.getByRole('button', { name: '立即购买' }).click();

  const dialog = paymentDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('¥18.00').first()).toBeVisible();
});
