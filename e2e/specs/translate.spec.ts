import { expect, test } from '@playwright/test';
import {
  addSerialToLibrary,
  confirmRunUntilDone,
  creatorWithFreePoints,
  downloadOutput,
  expectBooksBalanced,
  freshPhone,
  loginThroughModal,
  openToolPastTour,
  pointsBalance,
  pointsModal,
  toolPanel,
} from '../support/fixtures.js';
import { OPERATOR_TOKEN } from '../playwright.config.js';

// Every money flow leaves the books balanced: the operator's books check after each test.
test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

test('translate a demo episode: generate and correct the subtitles, see the price, run once, download', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The free 100 points pay for the run; a demo serial's episodes go into the library from its task.
  await creatorWithFreePoints(page);
  await addSerialToLibrary(page, '神医下山');
  await openToolPastTour(page, '/tool?tool=translate');
  const panel = toolPanel(page, '字幕翻译');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('status')).toContainText('请先选择视频');

  // The first ready episode (a freshly imported one may still be processing).
  await panel.getByRole('button', { name: '选择素材' }).click();
  const picker = page.getByRole('dialog', { name: '从素材库选择' });
  await picker.getByRole('checkbox').first().click();
  await picker.getByRole('button', { name: /^确定/ }).click();

  // The style preview follows the fields: the sample bilingual lines, larger as the size grows.
  const preview = panel.getByRole('figure', { name: '字幕样式预览' });
  await expect(preview).toContainText('没想到我们还会再见面。');
  await expect(preview).toContainText("I never thought we'd meet again.");
  const sample = preview.getByText('没想到我们还会再见面。');
  const before = await sample.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  const size = panel.getByRole('slider', { name: '字号' });
  await size.focus();
  for (let i = 0; i < 6; i += 1) await size.press('ArrowRight');
  await expect
    .poll(() => sample.evaluate((element) => parseFloat(getComputedStyle(element).fontSize)))
    .toBeGreaterThan(before);
  await panel.getByText('仅译文', { exact: true }).click();
  await expect(preview).not.toContainText("I never thought we'd meet again.");
  await panel.getByText('双语字幕', { exact: true }).click();

  // The subtitle list: generated (free), its origin named, then one translation corrected.
  await panel.getByRole('button', { name: '生成字幕' }).click();
  const list = panel.getByRole('list', { name: '字幕列表' });
  await expect(list).toBeVisible({ timeout: 90_000 });
  await expect(panel.getByText(/^字幕来源：(上传的字幕文件|视频自带字幕|语音识别)$/)).toBeVisible();
  const translation = list.getByRole('textbox', { name: '第 1 条 译文' });
  await translation.fill('这是校对过的第一句译文');
  // The preview shows the first line as corrected.
  await expect(preview).toContainText('这是校对过的第一句译文');
  // A time that is not one says so and holds the run back.
  const end = list.getByRole('textbox', { name: '第 1 条 结束时间' });
  const endTime = await end.inputValue();
  await end.fill('1分钟');
  await expect(list.getByRole('alert')).toContainText('时间格式应为 分:秒.毫秒');
  await expect(panel.getByRole('status')).toContainText('第 1 条字幕：');
  await end.fill(endTime);
  await expect(list.getByRole('alert')).toHaveCount(0);

  // The price before running; run, confirm once.
  const price = panel.getByRole('status').filter({ hasText: /本次消耗 \d+ 积分/ });
  await expect(price).toBeVisible();
  const points = Number((await price.textContent())!.match(/本次消耗 (\d+) 积分/)![1]);
  expect(points).toBeGreaterThan(0);
  const run = panel.getByRole('button', { name: '开始翻译' });
  await expect(run).toBeEnabled();
  await run.click();
  // Live progress, then the result.
  const { card, outputs } = await confirmRunUntilDone(page, 150_000);
  await expect(pointsBalance(page)).toHaveText(`积分${100 - points}`);
  // The subtitle file beside the video.
  await expect(card.getByRole('group', { name: '字幕文件' })).toContainText('下载 SRT 字幕');

  const output = await downloadOutput(page, outputs);
  expect(output.filename).toMatch(/\.mp4$/);
  expect(output.streams).toContain('video');
  expect(output.streams).toContain('audio');

  // Charged once: one 字幕翻译 line in the points detail.
  await page.goto('/tool?tool=translate&showCredit=1&creditView=detail');
  const detail = pointsModal(page);
  await expect(detail).toBeVisible();
  const charges = detail.getByRole('listitem').filter({ hasText: '字幕翻译' });
  await expect(charges).toHaveCount(1);
  await expect(charges).toContainText(`-${points}`);
});

test('the glossary: add a term, refuse an empty one, save and find it again', async ({ page }) => {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());
  await openToolPastTour(page, '/tool?tool=translate');
  const panel = toolPanel(page, '字幕翻译');
  await panel.getByRole('button', { name: '术语表' }).click();
  const drawer = page.getByRole('dialog', { name: '术语表' });
  await expect(drawer).toContainText('还没有术语');
  await drawer.getByRole('button', { name: '添加术语' }).click();
  await drawer.getByRole('textbox', { name: '原文 1' }).fill('Ye Chen');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer.getByRole('alert')).toContainText('第 1 条：请输入术语译文');
  await drawer.getByRole('textbox', { name: '译文 1' }).fill('叶辰');
  await drawer.getByRole('button', { name: '保存' }).click();
  await expect(drawer).toBeHidden();
  await panel.getByRole('button', { name: '术语表' }).click();
  await expect(drawer.getByRole('textbox', { name: '译文 1' })).toHaveValue('叶辰');
  await expect(drawer.getByRole('textbox', { name: '原文 1' })).toHaveValue('Ye Chen');
});
