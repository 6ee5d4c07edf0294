/**
 * QR login between two browsers: a desktop shows the QR, a phone where the creator is logged in
 * opens its address, sees the requesting browser and confirms; the desktop is then logged in as that creator.
 */
import { expect, test } from '@playwright/test';
import { freshPhone, loginThroughModal, openLoginModal } from '../support/fixtures.js';

test('a phone confirms the desktop’s QR and the desktop logs in as the same creator', async ({ browser, page }) => {
  await page.goto('/task');
  const modal = await openLoginModal(page);
  await modal.getByRole('tab', { name: '扫码登录' }).click();
  const panel = modal.getByTestId('qr-login');
  await expect(panel).toHaveAttribute('data-qr-status', 'waiting');
  await expect(panel).toContainText('请使用已登录创作者中心的手机扫码');
  const qrUrl = await panel.getByTestId('qr-login-code').getAttribute('data-qr-value');
  expect(qrUrl).toMatch(/\/qr-login\?id=[A-Za-z0-9_-]+$/);
  await expect(panel.getByRole('img', { name: '登录二维码' })).toBeVisible();

  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const phone = await phoneContext.newPage();
  const number = freshPhone();
  await phone.goto(new URL(qrUrl!).pathname + new URL(qrUrl!).search);
  const confirm = phone.getByTestId('qr-confirm');
  await expect(confirm).toContainText('请先在本机登录创作者中心');
  // Logging in on the phone keeps it on the confirm page.
  await confirm.getByRole('button', { name: '登录' }).click();
  await loginThroughModal(phone, number, { modalOpen: true, keepApplyInvite: true });
  await expect(phone.getByTestId('apply-invite')).toBeHidden();
  await expect(confirm).toContainText('电脑端登录确认');
  await expect(confirm).toContainText('Chrome');
  await expect(panel).toHaveAttribute('data-qr-status', 'scanned');
  await expect(panel).toContainText('扫码成功，请在手机上确认登录');

  await confirm.getByRole('button', { name: '确认登录' }).click();
  await expect(confirm).toContainText('已确认登录，请在电脑上继续操作');

  await expect(modal).toBeHidden();
  await page.getByTestId('apply-invite').getByRole('button', { name: '稍后再说' }).click();
  await page.getByTestId('avatar').click();
  await page.getByTestId('user-menu').getByRole('menuitem', { name: '个人信息' }).click();
  await expect(page.getByTestId('profile-phone')).toHaveText(`${number.slice(0, 3)}****${number.slice(-4)}`);

  // The same QR cannot log anyone in again.
  await phone.reload();
  await expect(confirm).toContainText('二维码不可用');
  await phoneContext.close();
});

test('a cancelled QR offers a fresh one', async ({ browser, page }) => {
  await page.goto('/task');
  const modal = await openLoginModal(page);
  await modal.getByRole('tab', { name: '扫码登录' }).click();
  const panel = modal.getByTestId('qr-login');
  const qrUrl = (await panel.getByTestId('qr-login-code').getAttribute('data-qr-value'))!;

  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto('/task');
  await loginThroughModal(phone, freshPhone());
  await phone.goto(new URL(qrUrl).pathname + new URL(qrUrl).search);
  await phone.getByRole('button', { name: '取消登录' }).click();
  await expect(phone.getByTestId('qr-confirm')).toContainText('已取消本次登录');

  await expect(panel).toHaveAttribute('data-qr-status', 'cancelled');
  await panel.getByRole('button', { name: /已在手机上取消登录/ }).click();
  await expect(panel).toHaveAttribute('data-qr-status', 'waiting');
  expect(await panel.getByTestId('qr-login-code').getAttribute('data-qr-value')).not.toBe(qrUrl);
  await phoneContext.close();
});
