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
  const empty = page.getByRole('group', { name: '还没有报备账号' });
  await expect(empty).toBeVisible();

  await empty.getByRole('button', { name: '报备账号' }).click();
  const modal = page.getByRole('dialog', { name: '报备账号' });
  const submit = modal.getByRole('button', { name: '提交报备' });
  await submit.click();
  await expect(modal.getByText('请选择平台')).toBeVisible();
  await expect(modal.getByText('请填写账号名称')).toBeVisible();

  await modal.getByRole('combobox', { name: '平台' }).click();
  await page.getByRole('option', { name: /短视频平台/ }).click();
  const channelId = `e2e_${Date.now()}`;
  await modal.getByRole('textbox', { name: '账号名称' }).fill('短剧推荐官');
  await modal.getByRole('textbox', { name: '账号ID' }).fill(channelId);
  const homePage = modal.getByRole('textbox', { name: '账号主页链接' });
  await homePage.fill('https://space.bilibili.com/1');
  await homePage.blur();
  await expect(modal.getByText('该链接不是短视频平台（如抖音、快手）的账号主页，请核对平台或链接')).toBeVisible();
  await homePage.fill(`https://www.douyin.com/user/${channelId}`);

  const cover = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cc-cover-')), 'cover.png');
  fs.writeFileSync(cover, PNG_1X1);
  // As a person picks it: 上传图片 opens the file chooser.
  const chooser = page.waitForEvent('filechooser');
  await modal.getByRole('button', { name: '上传图片' }).click();
  await (await chooser).setFiles(cover);
  const preview = modal.getByRole('img', { name: '账号头像/封面' });
  await expect(preview).toBeVisible();
  // Loaded, not merely present (a CSP refusal would leave a broken image).
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await submit.click();
  await expect(modal).toBeHidden();

  const card = page.getByRole('article', { name: '短剧推荐官' }).filter({ hasText: channelId });
  await expect(card.getByText('审核中', { exact: true })).toBeVisible();
  // The cover is decoration beside the name (alt=""), so it has no role: found as an element.
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
  await expect(card.getByText('已通过', { exact: true })).toBeVisible();
  await expect(card.getByText('审核中', { exact: true })).toHaveCount(0);
});
