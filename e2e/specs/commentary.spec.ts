/**
 * 影视解说 as a creator uses it: a demo serial's episodes added to the library from its task page, the episode picked
 * in the workspace, the narration script written (by the fake language service), a line edited and one removed,
 * the run confirmed, its progress followed and the narrated video downloaded — at 1440 px and on a 390 px phone.
 */
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  DESKTOP_AND_PHONE,
  addSerialToLibrary,
  confirmRunUntilDone,
  creatorWithFreePoints,
  downloadOutput,
  expectBooksBalanced,
  openToolPastTour,
  pickMedium,
  toolPanel,
} from '../support/fixtures.js';
import { OPERATOR_TOKEN } from '../playwright.config.js';

test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

const SERIAL = '神医下山';

for (const [label, device] of DESKTOP_AND_PHONE) {
  test.describe(label, () => {
    test.use(device);

    test('write a narration for a demo episode, edit a line, run it and download the video', async ({ page }) => {
      test.setTimeout(240_000);
      await creatorWithFreePoints(page);
      await addSerialToLibrary(page, SERIAL);
      await openToolPastTour(page, '/tool?tool=commentary');
      const panel = toolPanel(page, '影视解说');
      await expect(panel).toBeVisible();
      await pickMedium(page, `${SERIAL} 第1集`);
      await panel.getByText('悬疑', { exact: true }).click();
      await expect(panel.getByRole('radio', { name: '悬疑' })).toBeChecked();
      await panel.getByRole('button', { name: '生成解说文案' }).click();

      const first = panel.getByRole('textbox', { name: '第 1 句解说' });
      await expect(first).toHaveValue('你绝对想不到，这一集的结局会反转！', { timeout: 60_000 });
      await expect(panel.getByRole('list', { name: '镜头' }).first()).toContainText(`${SERIAL} 第1集`);
      await first.fill('开场：神医下山第一天就遇上怪病！');
      const lines = panel.getByRole('textbox', { name: /^第 \d+ 句解说$/ });
      if ((await lines.count()) > 2) await panel.getByRole('button', { name: '删除这句 3' }).click();
      await page.screenshot({ path: path.join(os.tmpdir(), `cc-commentary-${label.replace(/\W+/g, '-')}.png`) });

      await expect(panel.getByRole('status').last()).toContainText(/本次消耗 \d+ 积分/);
      await panel.getByRole('button', { name: '生成解说视频' }).click();
      const { outputs } = await confirmRunUntilDone(page, 180_000);
      const output = await downloadOutput(page, outputs);
      expect(output.filename).toMatch(new RegExp(`^${SERIAL} 第1集_解说_悬疑_任务\\d+\\.mp4$`));
      expect(output.streams).toContain('video');
      expect(output.streams).toContain('audio');
    });
  });
}
