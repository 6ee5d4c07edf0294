/**
 * Spending points in the AI workspace, on a 390 px phone and at 1440 px: 开始处理 opens a confirmation
 * (tool, outputs, price, balance after) and only its 确认 runs the job; a double tap on 确认 makes one job and one
 * charge. Short of points, the confirmation offers the way to buy instead. Also: the upload row clears once the
 * medium is ready, and the phone's 反馈 offers 长按识别 / 保存二维码 instead of scanning.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  expectBooksBalanced,
  freshPhone,
  jobCard,
  libraryMedium,
  loginThroughModal,
  optionBox,
  optionCard,
  pickMedium,
  pointsBalance,
  toolNav,
  toolPanel,
  toolTour,
  topBar,
  uploadToLibrary,
} from '../support/fixtures.js';

/** The confirmation 开始处理 opens. */
const confirmDialog = (page: Page) => page.getByRole('dialog', { name: '确认消耗积分' });
import { OPERATOR_TOKEN } from '../playwright.config.js';

test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

function makeClip(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-confirm-')), '确认素材.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=3'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=660:duration=3'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

/** A fresh creator on /tool, logged in, the tour closed, with the free 100 points when `points`. */
async function creatorOnTool(page: Page, { points }: { points: boolean }) {
  await page.goto('/tool');
  await loginThroughModal(page, freshPhone());
  // The tour speaks Chinese throughout (第 1/N 步) and closes for good.
  const tour = toolTour(page);
  await expect(tour).toBeVisible();
  await expect(tour).toContainText(/第 1\/\d 步/);
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
  if (points) {
    await page.goto('/gift');
    await page.getByRole('button', { name: /^免费领取/ }).click();
    await expect(page.getByText('领取成功，100积分已到账')).toBeVisible();
    await page.goto('/tool');
  }
}

/** Uploads the clip in the library; the upload row clears once the medium is ready. */
async function uploadClip(page: Page) {
  await uploadToLibrary(page, makeClip());
  const medium = libraryMedium(page, '确认素材');
  // The medium's processing state, which its card shows as a tag or its duration, is also on the card for tests.
  await expect(medium).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(page.getByRole('list', { name: '上传中的文件' })).toHaveCount(0);
}

async function chooseDedupRun(page: Page) {
  await toolNav(page, '批量去重').click();
  await pickMedium(page, '确认素材');
  const panel = toolPanel(page, '批量去重');
  const flipWarning = panel.getByRole('alert').filter({ hasText: '只选「翻转」很容易被平台查重识别' });
  await optionCard(panel, '翻转').click();
  await expect(optionBox(panel, '翻转')).toBeChecked();
  await expect(flipWarning).toBeVisible();
  await optionCard(panel, '画中画').click();
  await expect(optionBox(panel, '画中画')).toBeChecked();
  await expect(flipWarning).toHaveCount(0);
  await expect(panel.getByRole('status')).toContainText('本次消耗 4 积分');
}

async function jobsOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { vendor: 'default', authorization: `Bearer ${token}` };
  const jobs = await (await page.request.get('/ai/v1/jobs', { headers })).json();
  const costs = await (await page.request.get('/agent/v1/credit/detail?type=1', { headers })).json();
  return {
    jobs: jobs.body.page.total_count as number,
    costs: (costs.body.data as { credit: number }[]).filter((r) => r.credit < 0).length,
  };
}

for (const [name, use] of [
  ['on a 390 px phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
  ['at 1440 px', { viewport: { width: 1440, height: 900 } }],
] as const) {
  test.describe(name, () => {
    test.use(use);

    test('a confirmation before any charge; a double click on 确认 makes one job and one charge', async ({ page }) => {
      test.setTimeout(120_000);
      await creatorOnTool(page, { points: true });
      await uploadClip(page);
      await chooseDedupRun(page);

      await toolPanel(page, '批量去重').getByRole('button', { name: '开始处理' }).click();
      const dialog = confirmDialog(page);
      await expect(dialog).toContainText('批量去重');
      await expect(dialog).toContainText('1 个');
      await expect(dialog).toContainText('4 积分');
      await expect(dialog).toContainText('100 积分');
      // The balance after is a figure beside its label, which no role is named by: its test id.
      await expect(dialog.getByTestId('run-balance-after')).toHaveText('96 积分');
      // Nothing is spent before 确认.
      expect(await jobsOf(page)).toEqual({ jobs: 0, costs: 0 });

      await dialog.getByRole('button', { name: /^确认并消耗/ }).dblclick();
      await expect(dialog).toBeHidden();
      const card = jobCard(page);
      await expect(card).toContainText('任务 1');
      // Named 积分 and the number; on a phone the word is out of sight.
      await expect(pointsBalance(page)).toHaveText('积分96');
      await expect(page.getByRole('region', { name: '任务记录' }).getByRole('listitem')).toHaveCount(1);
      expect(await jobsOf(page)).toEqual({ jobs: 1, costs: 1 });
      await expect(card.getByRole('status')).toHaveText('已完成', { timeout: 60_000 });
      expect(await jobsOf(page)).toEqual({ jobs: 1, costs: 1 });
      // Still one charge at the end (an output that missed its goal would have its points back).
      const belowGoal = await card.getByText('未达标', { exact: true }).count();
      await expect(pointsBalance(page)).toHaveText(belowGoal > 0 ? '积分100' : '积分96');
    });

    test('short of points, the confirmation says so and leads to the points list, charging nothing', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await creatorOnTool(page, { points: false });
      await uploadClip(page);
      await chooseDedupRun(page);
      await toolPanel(page, '批量去重').getByRole('button', { name: '开始处理' }).click();
      const dialog = confirmDialog(page);
      // The balance after is a figure beside its label, which no role is named by: its test id.
      await expect(dialog.getByTestId('run-balance-after')).toHaveText('余额不足');
      await expect(page.getByText('您账户上积分余额不足，请充值后重试（还差 4 积分）')).toBeVisible();
      await expect(dialog.getByRole('button', { name: /^确认并消耗/ })).toHaveCount(0);
      await dialog.getByRole('button', { name: '去充值' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText('积分充值').first()).toBeVisible();
      expect(await jobsOf(page)).toEqual({ jobs: 0, costs: 0 });
    });
  });
}

test.describe('the tool bar 反馈 on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows the 7×24 online service QR with 长按识别 and 保存二维码 instead of scanning', async ({ page }) => {
    await page.goto('/tool');
    await topBar(page).getByRole('button', { name: '反馈' }).click();
    const popover = page.getByRole('tooltip', { name: '在线客服 · 7×24小时' });
    await expect(page.getByText('在线客服 · 7×24小时')).toBeVisible();
    await expect(popover.getByRole('img', { name: '在线客服二维码' })).toBeVisible();
    await expect(popover).toContainText('长按识别二维码');
    await expect(popover.getByRole('button', { name: '保存二维码' })).toBeEnabled();
    await expect(popover.getByRole('button', { name: '复制微信号' })).toBeVisible();
    await expect(popover).not.toContainText('微信扫码');
  });
});
