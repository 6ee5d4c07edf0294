/**
 * The creator's journey without dead ends: login returns to the page asked for (a deep link, an expired
 * session), every sub-page has a way back, the menus lead to the AI tools and the points, a phone gets QR actions it
 * can use, a rejected channel filing is corrected and resubmitted, and the task search follows typing.
 */
import { expect, test, type Page } from '@playwright/test';
import { OPERATOR_TOKEN } from '../playwright.config.js';
import {
  accountButton,
  accountMenu,
  freshPhone,
  loginModal,
  loginThroughModal,
  readCode,
  taskCards,
  topBar,
} from '../support/fixtures.js';

const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

/** A session made by the API calls the login modal makes: send_code, the code from the outbox, login. */
async function loginByApi(page: Page, phone: string): Promise<string> {
  const headers = { vendor: 'default' };
  await page.request.post('/agent/v1/user/send_code', { headers, data: { phone, type: 1 } });
  const code = await readCode(page.request, phone);
  const login = await page.request.post('/agent/v1/user/login', { headers, data: { phone, code } });
  return ((await login.json()) as { body: { access_token: string } }).body.access_token;
}

async function firstTaskId(page: Page): Promise<number> {
  const response = await page.request.get('/agent/v1/task/page?task_type=1&page_num=1&page_size=1', {
    headers: { vendor: 'default' },
  });
  const json = (await response.json()) as { body: { data: { task_id: number }[] } };
  return json.body.data[0]!.task_id;
}

test.describe('login returns to the page asked for', () => {
  test('an anonymous deep link to a guarded page opens the login modal and comes back to it after login', async ({
    page,
  }) => {
    await page.goto('/profile/team');
    const modal = loginModal(page);
    await expect(modal).toBeVisible();
    await expect(page).toHaveURL(/\/task\?.*redirect=%2Fprofile%2Fteam/);
    await loginThroughModal(page, freshPhone(), { modalOpen: true, keepApplyInvite: true });
    await expect(page).toHaveURL(/\/profile\/team$/);
    await expect(page.getByRole('heading', { level: 1, name: '邀请好友' })).toBeVisible();
  });

  test('a deep link keeps its query through the login', async ({ page }) => {
    const taskId = await firstTaskId(page);
    await page.goto(`/task-detail?task_id=${taskId}&task_type=1`);
    await expect(loginModal(page)).toBeVisible();
    await loginThroughModal(page, freshPhone(), { modalOpen: true, keepApplyInvite: true });
    await expect(page).toHaveURL(new RegExp(`/task-detail\\?task_id=${taskId}&task_type=1$`));
  });

  test('a session that expires mid-way (401) asks for login and comes back to the page it was on', async ({ page }) => {
    // Logged in through the API, so the modal's resend countdown is not running when it is needed again below.
    await page.goto('/task');
    const token = await loginByApi(page, freshPhone());
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto('/profile');
    await expect(page.getByTestId('profile-points')).toBeVisible();

    // The session ends on the server (as an expiry would); the page still holds the token.
    const revoked = await page.request.post('/agent/v1/user/logout', {
      headers: { vendor: 'default', authorization: `Bearer ${token}` },
    });
    expect(revoked.ok()).toBe(true);

    // The next page's first call answers 401.
    await page.getByRole('link', { name: /^我的团队/ }).click();
    await expect(page.getByText('登录已过期，请重新登录')).toBeVisible();
    const modal = loginModal(page);
    await expect(modal).toBeVisible();
    // Logging in again (the SMS cooldown of the first phone is not what this tests) returns to the team page.
    await loginThroughModal(page, freshPhone(), { modalOpen: true, keepApplyInvite: true });
    await expect(page).toHaveURL(/\/profile\/team$/);
  });

  test('logging out of a guarded page lands on the task center without asking to log in again', async ({ page }) => {
    await page.goto('/task');
    await loginThroughModal(page, freshPhone());
    await page.goto('/profile');
    await accountButton(page).click();
    await accountMenu(page).getByRole('menuitem', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/task$/);
    await expect(topBar(page).getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await expect(loginModal(page)).toHaveCount(0);
  });
});

test('every sub-page of the profile has a way back to it', async ({ page }) => {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());
  for (const [path, heading] of [
    ['/profile/task', '我的任务'],
    ['/profile/team', '邀请好友'],
    ['/profile/account', '账号报备'],
    ['/apply', '入驻申请'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    const back = page.getByRole('link', { name: '返回个人信息' });
    await expect(back).toHaveText('返回个人信息');
    await back.click();
    await expect(page).toHaveURL(/\/profile$/);
  }
});

test('the top bar, the avatar menu and the profile lead to the AI tools and to the points', async ({ page }) => {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());

  const points = topBar(page).getByRole('button', { name: /^积分\s*\d+$/ });
  await expect(points).toContainText('积分');
  await points.click();
  await expect(page.getByText('积分明细').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await accountButton(page).click();
  const menu = accountMenu(page);
  await expect(menu.getByRole('menuitem', { name: 'AI 工具' })).toBeVisible();
  await menu.getByRole('menuitem', { name: '我的积分' }).click();
  await expect(page.getByText('积分明细').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/profile');
  await expect(page.getByRole('button', { name: /^我的积分/ })).toBeVisible();
  await page.getByRole('link', { name: /^AI 工具/ }).click();
  await expect(page).toHaveURL(/\/tool$/);

  await page.goto('/task');
  await topBar(page).getByRole('menuitem', { name: 'AI 工具' }).click();
  await expect(page).toHaveURL(/\/tool$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the tab bar leads to the AI tools, after login for a visitor', async ({ page }) => {
    await page.goto('/task');
    await page.getByRole('navigation', { name: '底部导航' }).getByRole('button', { name: 'AI 工具' }).click();
    await expect(loginModal(page)).toBeVisible();
    await loginThroughModal(page, freshPhone(), { modalOpen: true, keepApplyInvite: true });
    await expect(page).toHaveURL(/\/tool$/);
  });

  test('the support QR offers long-press, save and copy-the-WeChat-ID instead of a scan caption', async ({ page }) => {
    await page.goto('/task');
    await page.getByRole('button', { name: '教程&客服' }).click();
    const actions = page.getByRole('tooltip', { name: '团队入驻&客服咨询' });
    await expect(actions).toContainText('长按识别二维码');
    await expect(actions.getByRole('button', { name: '保存二维码' })).toBeVisible();
    await expect(page.getByText('微信扫码添加客服')).toHaveCount(0);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await actions.getByRole('button', { name: '复制微信号' }).click();
    await expect(page.getByText('已复制微信号 cc-kefu-7x24')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('cc-kefu-7x24');

    const download = page.waitForEvent('download');
    await actions.getByRole('button', { name: '保存二维码' }).click();
    expect((await download).suggestedFilename()).toBe('客服二维码.png');
  });

  test('the landing footer offers the same QR actions and names no made-up company', async ({ page }) => {
    await page.goto('/ai');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(/^长按识别二维码/)).toBeVisible();
    await expect(footer.getByRole('button', { name: '保存二维码' })).toBeVisible();
    await expect(footer).not.toContainText('XX科技有限公司');
    await expect(footer).not.toContainText('ICP备');
  });
});

test('a rejected channel filing is corrected and goes back to review', async ({ page }) => {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const channelId = `e2e_re_${Date.now()}`;
  const created = await page.request.post('/agent/v1/user/account/create', {
    headers: { vendor: 'default', authorization: `Bearer ${token}` },
    data: {
      platform: 1,
      channel_name: '被驳回的账号',
      channel_id: channelId,
      channel_url: 'https://www.douyin.com/user/wrong',
    },
  });
  const filing = ((await created.json()) as { body: { id: number } }).body;
  const rejected = await page.request.post(`/ops/v1/channels/${filing.id}/reject`, {
    headers: operator,
    data: { reason: '主页链接打不开' },
  });
  expect(rejected.ok()).toBe(true);

  await page.goto('/profile/account');
  const card = page.getByRole('article', { name: '被驳回的账号' });
  await expect(card.getByText('未通过', { exact: true })).toBeVisible();
  const edit = card.getByRole('button', { name: '修改并重新提交' });
  await edit.click();
  const dialog = page.getByRole('dialog', { name: '修改报备' });
  await expect(dialog.getByText(/^未通过原因：/)).toContainText('主页链接打不开');
  await dialog.getByRole('textbox', { name: '账号主页链接' }).fill('https://www.douyin.com/user/right');
  await dialog.getByRole('button', { name: '重新提交审核' }).click();
  await expect(page.getByText('已重新提交，请等待审核')).toBeVisible();
  await expect(card.getByText('审核中', { exact: true })).toBeVisible();
  await expect(card.getByText('未通过', { exact: true })).toHaveCount(0);
  await expect(edit).toHaveCount(0);
});

test('the task search follows typing, and an empty result resets', async ({ page }) => {
  await page.goto('/task');
  const search = page.getByRole('textbox', { name: '搜索剧名或小说名' });
  await search.pressSequentially('没有这样的剧名zz');
  // No Enter: the list follows once typing pauses.
  await expect(page).toHaveURL(/keyword=/);
  const empty = page.getByRole('group', { name: '暂无相关任务' });
  await expect(empty).toBeVisible();
  await empty.getByRole('button', { name: '清空筛选条件' }).click();
  await expect(page).not.toHaveURL(/keyword=/);
  await expect(search).toHaveValue('');
  await expect(taskCards(page).first()).toBeVisible();
});
