/** Channel filing: a creator files a channel with a cover, an operator approves it, the status shows. */
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { freshPhone, loginThroughModal } from '../support/fixtures.js';
import { OPERATOR_TOKEN } from '../playwright.config.js';

/** The smallest real PNG (1×1), written for the file chooser. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('file a channel → operator approves → 已通过 shows', async ({ page, request }) => {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());
  await page.goto('/profile/account');
  await expect(page.getByTestId('channel-empty')).toBeVisible();

  await page.getByTestId('channel-empty').getByTestId('channel-add').click();
  const modal = page.getByRole('dialog');
  await modal.getByTestId('channel-submit').click();
  await expect(modal.getByText('请选择平台')).toBeVisible();
  await expect(modal.getByText('请填写账号名称')).toBeVisible();

  await modal.getByTestId('channel-platform').click();
  await page.getByRole('option', { name: /短视频平台/ }).click();
  const channelId = `e2e_${Date.now()}`;
  await modal.getByTestId('channel-channel_name').fill('短剧推荐官');
  await modal.getByTestId('channel-channel_id').fill(channelId);
  await modal.getByTestId('channel-channel_url').fill('https://space.bilibili.com/1');
  await modal.getByTestId('channel-channel_url').blur();
  await expect(modal.getByText('该链接不是短视频平台（如抖音、快手）的账号主页，请核对平台或链接')).toBeVisible();
  await modal.getByTestId('channel-channel_url').fill(`https://www.douyin.com/user/${channelId}`);

  const cover = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cc-cover-')), 'cover.png');
  fs.writeFileSync(cover, PNG_1X1);
  await modal.getByTestId('channel-cover-input').setInputFiles(cover);
  const preview = modal.getByTestId('channel-cover-preview');
  await expect(preview).toBeVisible();
  // Loaded, not merely present (a CSP refusal would leave a broken image).
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await modal.getByTestId('channel-submit').click();
  await expect(modal).toBeHidden();

  const card = page.getByTestId('channel-card').filter({ hasText: channelId });
  await expect(card.getByTestId('channel-status')).toHaveText('审核中');
  const shownCover = card.locator('img');
  await expect(shownCover).toHaveAttribute('src', /\/ai\/v1\/files\/images\//);
  await expect.poll(() => shownCover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  const auth = { authorization: `Bearer ${OPERATOR_TOKEN}` };
  const pending = (await (await request.get('/ops/v1/channels?status=1&page_size=100', { headers: auth })).json()) as {
    body: { data: { id: number; channel_id: string }[] };
  };
  const filing = pending.body.data.find((row) => row.channel_id === channelId);
  expect(filing).toBeDefined();
  const approved = await request.post(`/ops/v1/channels/${filing!.id}/approve`, { headers: auth });
  expect(((await approved.json()) as { code: number }).code).toBe(0);

  await page.reload();
  await expect(card.getByTestId('channel-status')).toHaveText('已通过');
});
