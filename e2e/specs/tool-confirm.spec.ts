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
import { expectBooksBalanced, freshPhone, loginThroughModal } from '../support/fixtures.js';
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
  const tour = page.locator('.driver-popover');
  await expect(tour).toBeVisible();
  await expect(tour).toContainText(/第 1\/\d 步/);
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();
  if (points) {
    await page.goto('/gift');
    await page.getByTestId('claim-free-points').click();
    await expect(page.getByText('领取成功，100积分已到账')).toBeVisible();
    await page.goto('/tool');
  }
}

/** Uploads the clip in the library; the upload row clears once the medium is ready. */
async function uploadClip(page: Page) {
  await page.getByTestId('tool-nav-media').click();
  await page.getByTestId('media-upload-input').setInputFiles(makeClip());
  const medium = page.getByTestId('media-card').filter({ hasText: '确认素材' });
  await expect(medium).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('upload-item')).toHaveCount(0);
}

async function chooseDedupRun(page: Page) {
  await page.getByTestId('tool-nav-dedup').click();
  await page.getByTestId('media-picker-open').click();
  await page.getByTestId('media-picker').getByText('确认素材').first().click();
  await page.getByTestId('media-picker-confirm').click();
  await page.getByTestId('dedup-option-flip').click();
  await expect(page.getByTestId('dedup-flip-warning')).toBeVisible();
  await page.getByTestId('dedup-option-pip').click();
  await expect(page.getByTestId('dedup-flip-warning')).toHaveCount(0);
  await expect(page.getByTestId('tool-price')).toContainText('本次消耗 4 积分');
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

      await page.getByTestId('tool-run').click();
      const dialog = page.getByTestId('run-confirm-dialog');
      await expect(dialog).toContainText('批量去重');
      await expect(dialog).toContainText('1 个');
      await expect(dialog).toContainText('4 积分');
      await expect(dialog).toContainText('100 积分');
      await expect(page.getByTestId('run-balance-after')).toHaveText('96 积分');
      // Nothing is spent before 确认.
      expect(await jobsOf(page)).toEqual({ jobs: 0, costs: 0 });

      await page.getByTestId('run-confirm').dblclick();
      await expect(dialog).toBeHidden();
      const card = page.getByTestId('job-card');
      await expect(card).toContainText('任务 1');
      await expect(page.getByTestId('topbar-points-total')).toHaveText('96');
      await expect(page.getByTestId('job-number')).toHaveCount(1);
      expect(await jobsOf(page)).toEqual({ jobs: 1, costs: 1 });
      await expect(card.getByTestId('job-status')).toHaveText('已完成', { timeout: 60_000 });
      expect(await jobsOf(page)).toEqual({ jobs: 1, costs: 1 });
      // Still one charge at the end (an output that missed its goal would have its points back).
      const belowGoal = await card.getByTestId('job-output-below-goal').count();
      await expect(page.getByTestId('topbar-points-total')).toHaveText(belowGoal > 0 ? '100' : '96');
    });

    test('short of points, the confirmation says so and leads to the points list, charging nothing', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await creatorOnTool(page, { points: false });
      await uploadClip(page);
      await chooseDedupRun(page);
      await page.getByTestId('tool-run').click();
      await expect(page.getByTestId('run-balance-after')).toHaveText('余额不足');
      await expect(page.getByText('您账户上积分余额不足，请充值后重试（还差 4 积分）')).toBeVisible();
      await expect(page.getByTestId('run-confirm')).toHaveCount(0);
      await page.getByTestId('run-buy').click();
      await expect(page.getByTestId('run-confirm-dialog')).toBeHidden();
      await expect(page.getByText('积分充值').first()).toBeVisible();
      expect(await jobsOf(page)).toEqual({ jobs: 0, costs: 0 });
    });
  });
}

test.describe('the tool bar 反馈 on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows the 7×24 online service QR with 长按识别 and 保存二维码 instead of scanning', async ({ page }) => {
    await page.goto('/tool');
    await page.getByTestId('topbar-feedback').click();
    const popover = page.getByTestId('service-popover');
    await expect(page.getByText('在线客服 · 7×24小时')).toBeVisible();
    await expect(popover.getByRole('img')).toBeVisible();
    const actions = popover.getByTestId('qr-phone-actions');
    await expect(actions).toContainText('长按识别二维码');
    await expect(actions.getByRole('button', { name: '保存二维码' })).toBeEnabled();
    await expect(actions.getByRole('button', { name: '复制微信号' })).toBeVisible();
    await expect(popover).not.toContainText('微信扫码');
  });
});
