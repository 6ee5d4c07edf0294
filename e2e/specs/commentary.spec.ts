/**
 * 影视解说 as a creator uses it: a demo serial's episodes added to the library from its task page, the episode picked
 * in the workspace, the narration script written (by the fake language service), a line edited and one removed,
 * the run confirmed, its progress followed and the narrated video downloaded — at 1440 px and on a 390 px phone.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  DESKTOP_AND_PHONE,
  expectBooksBalanced,
  freshPhone,
  jobCard,
  loginThroughModal,
  pickMedium,
  toolPanel,
  toolTour,
} from '../support/fixtures.js';
import { OPERATOR_TOKEN } from '../playwright.config.js';

test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

const SERIAL = '神医下山';

async function taskIdOf(page: Page, serial: string): Promise<number> {
  const response = await page.request.get(
    `/agent/v1/task/page?task_type=1&page_num=1&page_size=20&keyword=${encodeURIComponent(serial)}`,
    { headers: { vendor: 'default' } },
  );
  const json = (await response.json()) as { body: { data: { task_id: number; serial_name: string }[] } };
  return json.body.data.find((task) => task.serial_name === serial)!.task_id;
}

for (const [label, device] of DESKTOP_AND_PHONE) {
  test.describe(label, () => {
    test.use(device);

    test('write a narration for a demo episode, edit a line, run it and download the video', async ({ page }) => {
      test.setTimeout(240_000);
      await page.goto('/task');
      await loginThroughModal(page, freshPhone());
      await page.goto('/gift');
      await page.getByRole('button', { name: /^免费领取/ }).click();
      await expect(page.getByText('领取成功，100积分已到账')).toBeVisible();

      await page.goto(`/task-detail?task_id=${await taskIdOf(page, SERIAL)}&task_type=1`);
      await page.getByRole('button', { name: '加入素材库' }).click();
      await expect(page.getByText(/加入素材库|已在素材库/).first()).toBeVisible();

      await page.goto('/tool?tool=commentary');
      // The first visit's guided tour is closed first.
      await expect(toolTour(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(toolTour(page)).toBeHidden();
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
      await page
        .getByRole('dialog', { name: '确认消耗积分' })
        .getByRole('button', { name: /^确认并消耗/ })
        .click();

      const card = jobCard(page);
      await expect(card).toBeVisible();
      const status = card.getByRole('status');
      await expect(status).toHaveText(/排队中|处理中|已完成/);
      await expect(status).toHaveText('已完成', { timeout: 180_000 });
      const outputs = card.getByRole('group', { name: /^成片/ });
      await expect(outputs).toHaveCount(1);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        outputs.getByRole('link', { name: /^下载/ }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${SERIAL} 第1集_解说_悬疑_任务\\d+\\.mp4$`));
      const saved = path.join(os.tmpdir(), `cc-e2e-commentary-${Date.now()}.mp4`);
      await download.saveAs(saved);
      const streams = execFileSync('ffprobe', [
        '-v',
        'error',
        '-show_entries',
        'stream=codec_type',
        '-of',
        'csv=p=0',
        saved,
      ]);
      expect(streams.toString()).toMatch(/video[\s\S]*audio|audio[\s\S]*video/);
    });
  });
}
