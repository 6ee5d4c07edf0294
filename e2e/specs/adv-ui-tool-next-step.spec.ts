/**
 * The AI workspace's run bar names the step that is actually missing (found by the adv-ui phone walk): with a clip
 * chosen for 批量去重 and no method ticked, it said 请先选择素材 beside the chosen clip, and the disabled 开始处理
 * gave no other clue. On a 390 px phone, where the chip and the run bar are a screen apart.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  freshPhone,
  libraryMedium,
  loginThroughModal,
  optionBox,
  optionCard,
  pickMedium,
  toolNav,
  toolPanel,
  toolTour,
  uploadToLibrary,
} from '../support/fixtures.js';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

function makeClip(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-next-step-')), '下一步素材.mp4');
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
  ]);
  return file;
}

test('批量去重: before media it asks for media, after media for a method, then it quotes', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/tool');
  await loginThroughModal(page, freshPhone());
  await page.keyboard.press('Escape');
  await expect(toolTour(page)).toBeHidden();

  await uploadToLibrary(page, makeClip());
  // The medium's processing state, which its card shows as a tag or its duration, is also on the card for tests.
  await expect(libraryMedium(page, '下一步素材')).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });

  await toolNav(page, '批量去重').tap();
  const panel = toolPanel(page, '批量去重');
  // The run bar's status: the step still missing, then the quote.
  const runStatus = panel.getByRole('status');
  const run = panel.getByRole('button', { name: '开始处理' });
  await expect(runStatus).toHaveText('请先选择素材');
  await pickMedium(page, '下一步素材');

  await expect(runStatus).toHaveText('下一步：选择至少一种去重方式');
  await expect(run).toBeDisabled();

  await optionCard(panel, '画中画').tap();

  await expect(optionBox(panel, '画中画')).toBeChecked();
  await expect(runStatus).toContainText('本次消耗');
  await expect(runStatus).not.toContainText('下一步');
  await expect(run).toBeEnabled();
});
