import { expect, test } from '@playwright/test';
import {
  accountButton,
  accountMenu,
  applyInvite,
  freshPhone,
  loginThroughModal,
  openLoginModal,
  readCode,
  topBar,
} from '../support/fixtures.js';

test('a new visitor logs in with an SMS code, sees the avatar menu, opens income and logs out', async ({ page }) => {
  await page.goto('/task');
  await expect(topBar(page)).toContainText('创作者中心');
  const phone = freshPhone();
  await loginThroughModal(page, phone);

  await expect(page.getByText('登录成功')).toBeVisible();
  const avatar = accountButton(page);
  await expect(avatar).toBeVisible();
  await avatar.click();
  const menu = accountMenu(page);
  await expect(menu.getByRole('menuitem')).toHaveText([
    '个人信息',
    '我的任务',
    '邀请好友',
    '账号报备',
    '任务中心',
    '我的收益',
    'AI 工具',
    '我的积分',
    '退出登录',
  ]);
  await menu.getByRole('menuitem', { name: '我的收益' }).click();
  await expect(page).toHaveURL(/\/income$/);

  await avatar.click();
  await accountMenu(page).getByRole('menuitem', { name: '退出登录' }).click();
  await expect(topBar(page).getByRole('button', { name: '登录', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('an anonymous visit to a login-required page lands on /task', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/task/);
});

test('unknown paths go to /task and / goes to /home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/task$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});

test('an invite link prefills a read-only invite code', async ({ page }) => {
  await page.goto('/?invite_code=ABCD2345');
  const modal = await openLoginModal(page);
  const invite = modal.getByPlaceholder('邀请码（非必填）');
  await expect(invite).toHaveValue('ABCD2345');
  await expect(invite).toHaveAttribute('readonly', /.*/);
});

test('an invite code that does not exist can be cleared, and login goes on without it', async ({ page }) => {
  await page.goto('/?invite_code=NOSUCH99');
  const modal = await openLoginModal(page);
  const invite = modal.getByPlaceholder('邀请码（非必填）');
  await expect(invite).toHaveValue('NOSUCH99');
  const phone = freshPhone();
  await modal.getByPlaceholder('请输入手机号').fill(phone);
  await modal.getByRole('button', { name: '获取验证码' }).click();
  await modal.getByPlaceholder('请输入验证码').fill(await readCode(page.request, phone));
  await modal.getByText('我已阅读并同意').click();
  await modal.getByRole('button', { name: '登录/注册' }).click();
  await expect(modal.getByText('邀请码「NOSUCH99」不存在：可填写正确的邀请码，或留空直接登录')).toBeVisible();
  await expect(invite).toHaveValue('');
  await expect(invite).not.toHaveAttribute('readonly', /.*/);
  await modal.getByRole('button', { name: '登录/注册' }).click();
  await expect(modal).toBeHidden();
});

test('reopening the login modal shows no errors of the last attempt', async ({ page }) => {
  await page.goto('/task');
  let modal = await openLoginModal(page);
  await modal.getByPlaceholder('请输入手机号').focus();
  await modal.getByPlaceholder('请输入手机号').blur();
  await expect(modal.getByText('手机号不能为空')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();
  modal = await openLoginModal(page);
  await expect(modal.getByText('手机号不能为空')).toHaveCount(0);
});

test('phone and code messages appear on blur', async ({ page }) => {
  await page.goto('/task');
  const modal = await openLoginModal(page);
  const phone = modal.getByPlaceholder('请输入手机号');
  const code = modal.getByPlaceholder('请输入验证码');

  await phone.focus();
  await phone.blur();
  await expect(modal.getByText('手机号不能为空')).toBeVisible();
  await phone.fill('1380013');
  await phone.blur();
  await expect(modal.getByText('手机号长度不正确')).toBeVisible();
  await phone.fill('12800138000');
  await phone.blur();
  await expect(modal.getByText('手机号错误，请重新填写')).toBeVisible();
  // Typed one key at a time, as a person would: letters are dropped, and input stops at 11 digits.
  await phone.fill('');
  await phone.pressSequentially('138ab0013800099');
  await expect(phone).toHaveValue('13800138000');

  await code.focus();
  await code.blur();
  await expect(modal.getByText('验证码不能为空')).toBeVisible();
  await code.fill('123');
  await code.blur();
  await expect(modal.getByText('验证码只能为六位数字')).toBeVisible();
  await code.fill('');
  await code.pressSequentially('12a34b5678');
  await expect(code).toHaveValue('123456');
});

test('the login button stays dimmed until the terms are ticked', async ({ page }) => {
  await page.goto('/task');
  const modal = await openLoginModal(page);
  await modal.getByPlaceholder('请输入手机号').fill('13800138000');
  await modal.getByPlaceholder('请输入验证码').fill('123456');
  await modal.getByRole('button', { name: '登录/注册' }).click();
  await expect(page.getByText('请勾选用户协议和隐私协议')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the mobile layout shows at 390 px', async ({ page }) => {
    await page.goto('/task');
    // The phone's top bar: a menu button instead of the desktop's menu, and the tab bar at the bottom.
    await expect(topBar(page).getByRole('button', { name: '打开菜单' })).toBeVisible();
    await expect(topBar(page).getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: '底部导航' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('a creator who has not applied is invited after login, and the task center and profile lead to /apply', async ({
  page,
}) => {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone(), { keepApplyInvite: true });
  const invite = applyInvite(page);
  await expect(invite).toContainText('完成入驻申请，成为平台认证创作者');
  await invite.getByRole('button', { name: '稍后再说' }).click();
  await expect(invite).toBeHidden();

  const banner = page.getByRole('region', { name: '申请成为认证创作者' });
  await expect(banner).toContainText('申请成为认证创作者');
  await banner.getByRole('button', { name: '立即申请' }).click();
  await expect(page).toHaveURL(/\/apply$/);
  await expect(page.getByRole('button', { name: '提交申请' })).toBeVisible();

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: '申请成为认证创作者' })).toBeVisible();
  // A reload is not a login: no second invitation.
  await expect(applyInvite(page)).toBeHidden();
});
