import { expect, test } from '@playwright/test';
import { dataRows, freshPhone, loginThroughModal, openLoginModal } from '../support/fixtures.js';

const masked = (phone: string) => `${phone.slice(0, 3)}****${phone.slice(-4)}`;

test('an invite link brings a friend into the inviter’s team', async ({ page, browser, baseURL }) => {
  // Two creators log in through the real modal in two browser contexts: more than the default minute on a busy box.
  test.slow();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());

  await page.goto('/profile/team');
  // The figures, the code and the links are text beside their labels, which no role is named by: test ids.
  await expect(page.getByTestId('member-count')).toHaveText('0 人');
  await expect(page.getByRole('group', { name: '还没有团队成员，复制邀请链接邀请好友加入' })).toBeVisible();
  const inviteCode = (await page.getByTestId('my-invite-code').textContent())?.trim() ?? '';
  expect(inviteCode).toMatch(/^[A-Z2-9]{8}$/);
  await expect(page.getByTestId('invite-link-gift')).toHaveText(`${baseURL}/gift?invite_code=${inviteCode}`);
  await expect(page.getByTestId('invite-link-ai')).toHaveText(`${baseURL}/ai?invite_code=${inviteCode}`);

  // The copy button puts the link on the clipboard, as the creator would paste it to a friend.
  await page
    .getByRole('listitem')
    .filter({ hasText: '首页邀请链接' })
    .getByRole('button', { name: '复制链接' })
    .click();
  await expect(page.getByText('链接已复制')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${baseURL}/?invite_code=${inviteCode}`);
  await expect(page.getByTestId('invite-link-home')).toHaveText(link);

  // The server-made poster shows and downloads under its Chinese name.
  const poster = page.getByRole('img', { name: '我的邀请海报' });
  await expect(poster).toBeVisible();
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1125);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载海报' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`邀请海报-${inviteCode}.png`);

  // A friend opens the link in their own browser: the login modal carries the code, and they register.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  const modal = await openLoginModal(friend);
  await expect(modal.getByPlaceholder('邀请码（非必填）')).toHaveValue(inviteCode);
  await friend.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  const friendPhone = freshPhone();
  await loginThroughModal(friend, friendPhone);
  await friend.goto('/profile/team');
  await expect(friend.getByTestId('my-leader')).toContainText(inviteCode);
  await friendContext.close();

  // Back with the inviter: the friend is in the team, phone masked.
  await page.reload();
  await expect(page.getByTestId('member-count')).toHaveText('1 人');
  const row = dataRows(page.getByRole('region', { name: '团队成员' }));
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(masked(friendPhone));
  await expect(row).not.toContainText(friendPhone);
  await expect(row).toContainText('¥0.00');

  await page.getByPlaceholder('搜索昵称或邀请码').fill('没有这个人');
  await expect(page.getByRole('group', { name: '没有找到匹配的成员' })).toBeVisible();
});
