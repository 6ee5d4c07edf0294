/**
 * The media library takes subtitle files and audio beside videos: uploaded through the same zone, shown with their
 * type and an icon instead of a poster, filtered by type, and audio played in the page — on a desktop and a phone.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiToken, DESKTOP_AND_PHONE, freshPhone, libraryMedium, toolNav } from '../support/fixtures.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-e2e-types-'));
const subtitle = path.join(dir, '第1集台词.srt');
fs.writeFileSync(subtitle, '1\n00:00:00,500 --> 00:00:02,000\n你好\n\n2\n00:00:02,500 --> 00:00:03,000\n再见\n');
const music = path.join(dir, '旁白草稿.mp3');
execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-ac', '1', music]);

for (const [name, use] of DESKTOP_AND_PHONE) {
  test.describe(name, () => {
    test.use(use);

    test('uploads a subtitle file and an audio file, filters by type and plays the audio', async ({
      page,
    }, testInfo) => {
      const token = await apiToken(page.request, freshPhone());
      await page.addInitScript((value) => {
        window.localStorage.setItem('token', value);
        window.localStorage.setItem('tool_guide', JSON.stringify({ basic: 1 }));
      }, token);
      await page.goto('/tool');
      await toolNav(page, '素材库').click();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: /^拖拽视频、字幕或音频|^点击选择视频、字幕或音频/ }).click();
      await (await chooser).setFiles([subtitle, music]);

      const subtitleCard = libraryMedium(page, '第1集台词.srt');
      const audioCard = libraryMedium(page, '旁白草稿.mp3');
      await expect(subtitleCard).toContainText('字幕', { timeout: 30_000 });
      await expect(subtitleCard).toContainText('00:03', { timeout: 30_000 });
      await expect(audioCard).toContainText('音频');
      await expect(audioCard).toContainText('00:02', { timeout: 30_000 });
      await expect(subtitleCard.getByRole('button', { name: '预览' })).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath('media-types.png'), fullPage: true });

      await page.getByRole('combobox', { name: '按类型筛选' }).click();
      await page.getByRole('option', { name: '音频' }).click();
      await expect(subtitleCard).toBeHidden();
      await expect(audioCard).toBeVisible();

      await audioCard.getByRole('button', { name: '播放' }).click();
      const player = page.getByRole('dialog', { name: '旁白草稿.mp3' });
      const audio = player.locator('audio');
      await expect(audio).toHaveAttribute('src', /\/ai\/v1\/files\/\d+\/video\?exp=/);
      await expect
        .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 15_000 })
        .toBeGreaterThan(1.5);
      await page.screenshot({ path: testInfo.outputPath('media-types-audio.png'), fullPage: true });
    });
  });
}
