import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  confirmRunUntilDone,
  creatorWithFreePoints,
  downloadOutput,
  expectBooksBalanced,
  libraryMedium,
  openToolPastTour,
  optionBox,
  optionCard,
  pickMedium,
  pointsBalance,
  toolNav,
  toolPanel,
  uploadToLibrary,
} from '../support/fixtures.js';
import { OPERATOR_TOKEN } from '../playwright.config.js';

// Every money flow leaves the books balanced: the operator's books check after each test.
test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

/** A 4 s clip with picture and sound, made with Debian's ffmpeg like any phone video would be uploaded. */
function makeClip(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-clip-')), '我的素材 第1集.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=480x270:rate=25:duration=4'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=523:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

test('upload a clip through tus, de-duplicate it with two options, watch progress and download the result', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const clip = makeClip();
  // The free 100 points pay for the run.
  await creatorWithFreePoints(page);
  // The first visit shows the guided tour (新手引导); closing it hides it for good.
  await openToolPastTour(page);
  await uploadToLibrary(page, clip);
  const medium = libraryMedium(page, '我的素材 第1集');
  await expect(medium).toBeVisible({ timeout: 30_000 });
  await expect(medium).toContainText('00:04', { timeout: 30_000 });
  await expect(medium).toContainText('480×270');

  await toolNav(page, '批量去重').click();
  await pickMedium(page, '我的素材 第1集');
  const panel = toolPanel(page, '批量去重');
  await optionCard(panel, '翻转').click();
  await expect(optionBox(panel, '翻转')).toBeChecked();
  await optionCard(panel, '变速').click();
  await expect(optionBox(panel, '变速')).toBeChecked();
  await expect(panel.getByRole('status')).toContainText('本次消耗 4 积分');
  await panel.getByRole('button', { name: '开始处理' }).click();
  // Live progress while it runs, then the result.
  const { card, outputs } = await confirmRunUntilDone(page, 120_000);
  await expect(outputs).toContainText(/相似度 \d+%/);
  // An output still above the similarity goal after its re-renders is 未达标 and its 4 points come back.
  const belowGoal = await card.getByText('未达标', { exact: true }).count();
  await expect(pointsBalance(page)).toHaveText(belowGoal > 0 ? '积分100' : '积分96');

  const output = await downloadOutput(page, outputs);
  expect(output.filename).toMatch(/我的素材 第1集.*\.mp4$/);
  expect(output.streams).toContain('video');
  expect(output.streams).toContain('audio');
});
