/**
 * The landing page /ai: its nav on a 390 px phone (a drawer with the six tools and the other entries;
 * a tool asks for login with the address's invite code, then opens that tool), the AI 工具 dropdown at 1440, and
 * the short nav paths (`/tools/*`, `/guide`, `/price`).
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { freshPhone, loginModal, pointsModal, pointsPackage, readCode, toolNav, topBar } from '../support/fixtures.js';

const TOOL_NAMES = ['高能混剪', '影视解说', '字幕翻译', '批量去重', '素材库', '批量发布'];
const API_HEADERS = { vendor: 'default' };

interface Envelope<T> {
  code: number;
  msg: string;
  body: T;
}

async function callApi<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  data?: object,
) {
  const headers = token ? { ...API_HEADERS, authorization: `Bearer ${token}` } : API_HEADERS;
  const response = await request.fetch(url, { method, headers, data });
  const json = (await response.json()) as Envelope<T>;
  expect(json.code, `${url}: ${json.msg}`).toBe(0);
  return json.body;
}

/** A creator registered through the API (SMS code from the dev outbox): their token and their user info. */
async function registerCreator(request: APIRequestContext) {
  const phone = freshPhone();
  await callApi(request, 'POST', '/agent/v1/user/send_code', undefined, { phone, type: 1 });
  const code = await readCode(request, phone);
  const { access_token } = await callApi<{ access_token: string }>(request, 'POST', '/agent/v1/user/login', undefined, {
    phone,
    code,
  });
  const info = await callApi<{ agent_id: number; invite_code: string; leader_id: number | null }>(
    request,
    'GET',
    '/agent/v1/user/info',
    access_token,
  );
  return { token: access_token, ...info };
}

/** Completes the open login modal: phone, code from the outbox, terms, submit. */
async function completeLogin(page: Page, modal: Locator, phone: string) {
  await modal.getByPlaceholder('请输入手机号').fill(phone);
  await modal.getByRole('button', { name: '获取验证码' }).click();
  await modal.getByPlaceholder('请输入验证码').fill(await readCode(page.request, phone));
  await modal.getByText('我已阅读并同意').click();
  await modal.getByRole('button', { name: '登录/注册' }).click();
  await expect(modal).toBeHidden();
}

function address(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drawer holds the nav; a tool asks for login with the invite code, then opens that tool', async ({
    page,
  }) => {
    const inviter = await registerCreator(page.request);
    await page.goto(`/ai?invite_code=${inviter.invite_code}`);
    // The phone's nav: a menu button instead of the desktop's links.
    const menuButton = topBar(page).getByRole('button', { name: '打开菜单' });
    await expect(menuButton).toBeVisible();
    await expect(topBar(page).getByRole('button', { name: 'AI 工具' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('AI 驱动的短剧创作平台');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: '菜单' });
    await expect(drawer).toBeVisible();
    const tools = drawer.getByRole('menuitem');
    await expect(tools).toHaveCount(6);
    for (const [index, name] of TOOL_NAMES.entries()) await expect(tools.nth(index)).toContainText(name);
    for (const entry of ['分销任务中心', '价格', '教程'])
      await expect(drawer.getByText(entry, { exact: true })).toBeVisible();
    await expect(drawer.getByRole('button', { name: '登录' })).toBeVisible();

    await drawer.getByRole('menuitem', { name: '批量去重' }).click();
    const modal = loginModal(page);
    await expect(modal).toBeVisible();
    await expect(drawer).toBeHidden();
    const invite = modal.getByPlaceholder('邀请码（非必填）');
    await expect(invite).toHaveValue(inviter.invite_code);
    await expect(invite).toHaveAttribute('readonly', /.*/);

    await completeLogin(page, modal, freshPhone());
    await expect.poll(() => address(page)).toBe('/tool?tool=dedup');
    await expect(toolNav(page, '批量去重')).toBeVisible();
    // The invite code reached the server: the new creator's leader is the inviter.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = await callApi<{ leader_id: number | null }>(page.request, 'GET', '/agent/v1/user/info', token ?? '');
    expect(me.leader_id).toBe(inviter.agent_id);
  });

  test('价格 in the drawer asks for login and then opens the points purchase on the page', async ({ page }) => {
    await page.goto('/ai');
    await topBar(page).getByRole('button', { name: '打开菜单' }).click();
    await page.getByRole('dialog', { name: '菜单' }).getByRole('button', { name: '价格' }).click();
    const modal = loginModal(page);
    await expect(modal).toBeVisible();
    await completeLogin(page, modal, freshPhone());
    await expect(pointsModal(page)).toBeVisible();
    await expect(pointsPackage(page, '进阶包')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/ai');
  });
});

test('at 1440 the AI 工具 dropdown lists the six tools; logged out a tool asks for login, then opens it', async ({
  page,
}) => {
  await page.goto('/ai');
  // The desktop's nav: the links themselves, no menu button.
  const toolsButton = topBar(page).getByRole('button', { name: 'AI 工具' });
  await expect(toolsButton).toBeVisible();
  await expect(topBar(page).getByRole('button', { name: '打开菜单' })).toHaveCount(0);
  await toolsButton.hover();
  const panel = page.getByRole('menu', { name: 'AI 工具' });
  await expect(panel).toBeVisible();
  const tools = panel.getByRole('menuitem');
  await expect(tools).toHaveCount(6);
  for (const [index, name] of TOOL_NAMES.entries()) await expect(tools.nth(index)).toContainText(name);
  await expect(panel.getByRole('menuitem', { name: '批量发布' })).toContainText('即将上线');

  await panel.getByRole('menuitem', { name: '高能混剪' }).click();
  const modal = loginModal(page);
  await expect(modal).toBeVisible();
  await completeLogin(page, modal, freshPhone());
  await expect.poll(() => address(page)).toBe('/tool?tool=mixcut');

  // Logged in, the dropdown goes straight to the tool.
  await page.goto('/ai');
  await topBar(page).getByRole('button', { name: 'AI 工具' }).hover();
  await page.getByRole('menu', { name: 'AI 工具' }).getByRole('menuitem', { name: '字幕翻译' }).click();
  await expect.poll(() => address(page)).toBe('/tool?tool=translate');
  await expect(page.getByRole('region', { name: '字幕翻译', exact: true })).toBeVisible();
});

test('the footer has the agreements, manual, feedback, the support QR and the registration line', async ({ page }) => {
  await page.goto('/ai');
  const footer = page.getByRole('contentinfo');
  for (const name of ['用户协议', '隐私政策', '使用手册', '意见反馈'])
    await expect(footer.getByText(name, { exact: true })).toBeVisible();
  // The demo's support poster, named by its title.
  await expect(footer.getByRole('img', { name: '团队入驻&客服咨询' })).toBeVisible();
  const registration = footer.getByText(/^©\s\d{4}/);
  await expect(registration).toContainText(/©\s\d{4}/);
  // Unset in this build: no made-up company or filing number.
  await expect(registration).toHaveText(/^©\s\d{4} 创作者中心 版权所有$/);
  await expect(footer).not.toContainText('ICP');
  await footer.getByRole('link', { name: '用户协议' }).click();
  await expect(page).toHaveURL(/\/agreement\/user$/);
});

for (const [from, to] of [
  ['/tools/cut', '/tool?tool=mixcut'],
  ['/tools/subtitle', '/tool?tool=translate'],
  ['/tools/voice', '/tool?tool=commentary'],
  ['/guide', '/help'],
] as const) {
  test(`${from} leads to ${to}`, async ({ page }) => {
    await page.goto(from);
    await expect.poll(() => address(page)).toBe(to);
  });
}

test('/price opens the landing page and asks for login before the points purchase', async ({ page }) => {
  await page.goto('/price');
  await expect.poll(() => address(page)).toBe('/ai');
  await expect(loginModal(page)).toBeVisible();
});
