/**
 * QR login between two browsers: a desktop shows the QR, a phone where the creator is logged in
 * opens its address, sees the requesting browser and confirms; the desktop is then logged in as that creator.
 */
import { expect, test, type Locator } from '@playwright/test';
import {
  accountButton,
  accountMenu,
  applyInvite,
  freshPhone,
  loginThroughModal,
  openLoginModal,
} from '../support/fixtures.js';

/** The text a QR picture encodes, read as the phone's camera would (see `QrImage`). */
const qrValue = (panel: Locator) => panel.getByRole('img', { name: '登录二维码' }).getAttribute('data-qr-value');

test('a phone confirms the desktop’s QR and the desktop logs in as the same creator', async ({ browser, page }) => {
  await page.goto('/task');
  const modal = await openLoginModal(page);
  await modal.getByRole('tab', { name: '扫码登录' }).click();
  const panel = modal.getByRole('tabpanel', { name: '扫码登录' });
  await expect(panel).toHaveAttribute('data-qr-status', 'waiting');
  await expect(panel).toContainText('请使用已登录创作者中心的手机扫码');
  const qrUrl = await qrValue(panel);
  expect(qrUrl).toMatch(/\/qr-login\?id=[A-Za-z0-9_-]+$/);
  await expect(panel.getByRole('img', { name: '登录二维码' })).toBeVisible();

  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const phone = await phoneContext.newPage();
  const number = freshPhone();
  await phone.goto(new URL(qrUrl!).pathname + new URL(qrUrl!).search);
  const confirm = phone.getByRole('region', { name: '扫码登录确认' });
  await expect(confirm).toContainText('请先在本机登录创作者中心');
  // Logging in on the phone keeps it on the confirm page.
  await confirm.getByRole('button', { name: '登录' }).click();
  await loginThroughModal(phone, number, { modalOpen: true, keepApplyInvite: true });
  await expect(applyInvite(phone)).toBeHidden();
  await expect(confirm).toContainText('电脑端登录确认');
  await expect(confirm).toContainText('Chrome');
  await expect(panel).toHaveAttribute('data-qr-status', 'scanned');
  await expect(panel).toContainText('扫码成功，请在手机上确认登录');

  await confirm.getByRole('button', { name: '确认登录' }).click();
  await expect(confirm).toContainText('已确认登录，请在电脑上继续操作');

  await expect(modal).toBeHidden();
  await applyInvite(page).getByRole('button', { name: '稍后再说' }).click();
  await accountButton(page).click();
  await accountMenu(page).getByRole('menuitem', { name: '个人信息' }).click();
  // The phone is a value beside its label, which no role is named by: its test id.
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
  const panel = modal.getByRole('tabpanel', { name: '扫码登录' });
  const qrUrl = (await qrValue(panel))!;

  const phoneContext = await browser.newContext();
  const phone = await phoneContext.newPage();
  await phone.goto('/task');
  await loginThroughModal(phone, freshPhone());
  await phone.goto(new URL(qrUrl).pathname + new URL(qrUrl).search);
  await phone.getByRole('button', { name: '取消登录' }).click();
  await expect(phone.getByRole('region', { name: '扫码登录确认' })).toContainText('已取消本次登录');

  await expect(panel).toHaveAttribute('data-qr-status', 'cancelled');
  await panel.getByRole('button', { name: /已在手机上取消登录/ }).click();
  await expect(panel).toHaveAttribute('data-qr-status', 'waiting');
  expect(await qrValue(panel)).not.toBe(qrUrl);
  await phoneContext.close();
});
