import { expect, test } from '@playwright/test';
import { expectBooksBalanced, freshPhone, loginThroughModal } from '../support/fixtures.js';
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
  await expect(page.getByTestId('topbar-points-total')).toHaveText('0');

  await page.getByTestId('topbar-recharge').click();
  const modal = page.getByTestId('points-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('points-package-7').click();
  await modal.getByTestId('points-buy').click();

  const dialog = page.getByTestId('payment-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('pay-countdown')).toContainText(/09:5\d/);
  const qr = dialog.getByTestId('pay-qr');
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

  await expect(dialog.getByTestId('pay-success')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('支付成功').first()).toBeVisible();
  await expect(page.getByTestId('topbar-points-total')).toHaveText('450', { timeout: 15_000 });
});

test('claim the free 100 points on /gift once; the second time goes to the tool', async ({ page }) => {
  await page.goto('/gift');
  await page.getByTestId('claim-free-points').click();
  await expect(page.getByTestId('login-modal')).toBeVisible();
  // Logged out, claiming asks for a login first.
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());

  await page.goto('/gift');
  await page.getByTestId('claim-free-points').click();
  await expect(page.getByText('领取成功，100积分已到账')).toBeVisible();
  await page.getByTestId('claim-free-points').click();
  await expect(page).toHaveURL(/\/tool/);
  await expect(page.getByTestId('topbar-points-total')).toHaveText('100');
});

test('the retention offer: closing the list with a package chosen shows the server-issued 59:59 and sells at the discount', async ({
  page,
}) => {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());
  await page.goto('/tool');
  await page.getByTestId('topbar-recharge').click();
  const modal = page.getByTestId('points-modal');
  await modal.getByTestId('points-package-7').click();
  await page.keyboard.press('Escape');

  const offer = page.getByTestId('retention-offer');
  await expect(offer).toBeVisible();
  await expect(offer.getByTestId('retention-countdown')).toHaveText(/^59:5\d$/);
  await offer.getByTestId('retention-buy').click();

  const dialog = page.getByTestId('payment-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('¥18.00').first()).toBeVisible();
});
