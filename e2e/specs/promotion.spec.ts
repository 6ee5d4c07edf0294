import { expect, test } from '@playwright/test';
import {
  dataRows,
  freshPhone,
  loginThroughModal,
  promotionButtons,
  promotionDialog,
  taskCards,
} from '../support/fixtures.js';

test('receive a task, copy its link, find it in my tasks, and see a visit counted', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());

  const card = taskCards(page).first();
  await expect(card).toBeVisible();
  const serialName = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
  await promotionButtons(card).click();

  const dialog = promotionDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('推广链接');
  // The link and the code are values beside their labels, which no role is named by: test ids.
  const link = (await dialog.getByTestId('value-serial_link').textContent())?.trim() ?? '';
  expect(link).toMatch(/\/s\/[A-Z2-9]{8}$/);
  await expect(dialog.getByTestId('value-code')).toHaveText(/^[A-Z2-9]{8}$/);

  // Opened at 127.0.0.1 (not localhost): both tutorial videos come from this origin by relative paths and play
  // (an absolute localhost address was blocked by the page's CSP).
  // A <video> has no role: found as an element.
  const videos = dialog.locator('video');
  await expect(videos).toHaveCount(2);
  expect(new URL(page.url()).hostname).toBe('127.0.0.1');
  for (const index of [0, 1]) {
    const video = videos.nth(index);
    const source = await video.evaluate((element: HTMLVideoElement) => element.currentSrc);
    expect(new URL(source).origin).toBe(new URL(page.url()).origin);
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0);
  }

  await dialog.getByRole('button', { name: '复制短剧链接' }).click();
  await expect(page.getByText('短剧链接已复制，已添加到我的任务')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await page.goto('/profile/task');
  const row = dataRows(page.getByRole('main')).first();
  await expect(row).toBeVisible();
  if (serialName) await expect(row).toContainText(serialName);
  // The visit count is a figure in the row, which no role is named by: its test id.
  await expect(row.getByTestId('click-count')).toHaveText('0');

  // A visitor opens the short link in a new page: the visit is counted and they land on the app's page.
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor).toHaveURL(/\/demo\/apps\/\w+\?code=/);
  // The demo app's landing page shows the code under its label: a value with no role, found by test id.
  await expect(visitor.getByTestId('landing-code')).toHaveText(link.split('/s/')[1]!);
  await visitor.close();

  // Visits are written in batches within a second: the count shows on a reload soon after.
  await expect(async () => {
    await page.reload();
    await expect(dataRows(page.getByRole('main')).first().getByTestId('click-count')).toHaveText('1', {
      timeout: 1_000,
    });
  }).toPass({ timeout: 15_000 });
});

test('the task center filters by tab and shows the home page hit chart', async ({ page }) => {
  await page.goto('/task');
  await expect(taskCards(page).first()).toBeVisible();
  await page.getByRole('tab', { name: '小说' }).click();
  await expect(taskCards(page).first()).toBeVisible();
  await expect(taskCards(page).first()).not.toContainText('短剧');

  await page.goto('/home');
  await expect(page.getByRole('region', { name: '活动横幅' })).toBeVisible();
  await expect(page.getByRole('region', { name: '热剧榜' }).getByRole('listitem')).toHaveCount(10);
  // No footer on the home page: neither the desktop's site footer nor the phone's tab bar.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '底部导航' })).toHaveCount(0);
});
