/**
 * 短剧解析 as a creator: two demo episodes added to the library from the catalogue, parsed as one charged job, then
 * read as timelines (scenes, shots, the highlight curve, the transcript and summary); ticked scenes go to 高能混剪,
 * which opens with those episodes chosen and the scenes as its timeline. Screens at 1440 px and on a 390 px phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { OPERATOR_TOKEN } from '../playwright.config.js';
import {
  expectBooksBalanced,
  freshPhone,
  jobCard,
  loginThroughModal,
  pickMedium,
  toolNav,
  toolPanel,
  toolTour,
} from '../support/fixtures.js';

test.afterEach(async ({ request }) => expectBooksBalanced(request, OPERATOR_TOKEN));

async function api<T>(page: Page, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { vendor: 'default', authorization: `Bearer ${token}` };
  const response =
    method === 'GET' ? await page.request.get(url, { headers }) : await page.request.post(url, { headers, data });
  const json = (await response.json()) as { code: number; msg: string; body: T };
  expect(json.code, json.msg).toBe(0);
  return json.body;
}

/** Adds the first two episodes of the first catalogue serial with videos to the library; answers their names. */
async function addDemoEpisodes(page: Page): Promise<string[]> {
  const tasks = await api<{ data: { serial_id: number }[] }>(page, 'GET', '/agent/v1/task/page?page_size=20');
  for (const { serial_id: serialId } of tasks.data) {
    const episodes = await api<{ data: { episode_id: number; video_url: string }[] }>(
      page,
      'GET',
      `/agent/v1/episode/list?serial_id=${serialId}&page_size=10`,
    );
    const playable = episodes.data.filter((e) => e.video_url !== '').slice(0, 2);
    if (playable.length < 2) continue;
    const added = await api<{ data: { name: string }[] }>(page, 'POST', '/ai/v1/media/import-episodes', {
      serial_id: serialId,
      episode_ids: playable.map((e) => e.episode_id),
    });
    return added.data.map((m) => m.name);
  }
  throw new Error('no catalogue serial has two playable episodes');
}

async function costs(page: Page) {
  const detail = await api<{ data: { credit: number; title: string }[] }>(
    page,
    'GET',
    '/agent/v1/credit/detail?type=1',
  );
  return detail.data.filter((row) => row.credit < 0);
}

test('parses two demo episodes once, reads their layers and sends ticked scenes to 高能混剪', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/tool');
  await loginThroughModal(page, freshPhone());
  await expect(toolTour(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/gift');
  await page.getByRole('button', { name: /^免费领取/ }).click();
  await expect(page.getByText('领取成功，100积分已到账')).toBeVisible();
  const names = await addDemoEpisodes(page);

  await page.goto('/tool');
  await toolNav(page, '短剧解析').click();
  await expect(page).toHaveURL(/tool=parse/);
  const panel = toolPanel(page, '短剧解析');
  for (const name of names) await pickMedium(page, name);
  await expect(panel.getByRole('status')).toContainText(/本次消耗 \d+ 积分/);
  await panel.getByRole('button', { name: '开始解析' }).click();
  const confirm = page.getByRole('dialog', { name: '确认消耗积分' });
  await confirm.getByRole('button', { name: /^确认并消耗 \d+ 积分$/ }).click();

  const card = jobCard(page);
  await expect(card).toContainText('短剧解析');
  await expect(card).toContainText('已完成', { timeout: 180_000 });

  const results = page.getByRole('region', { name: '解析结果' });
  await expect(results.getByRole('heading', { name: '整剧摘要' })).toBeVisible();
  const first = results.getByRole('article', { name: names[0] });
  await expect(first.getByRole('slider', { name: new RegExp(`^${names[0]} 时间线`) })).toBeVisible();
  await expect(first.getByText(/\d+ 个镜头 · \d+ 个场景/)).toBeVisible();
  await expect(first.getByText(/【摘要】/)).toBeVisible();
  await expect(first.getByRole('button', { name: /^跳到 \d\d:\d\d：/ }).first()).toBeVisible();
  await expect(first.locator('svg polyline')).toHaveAttribute('points', /\d/);

  // One job, one charge.
  expect((await costs(page)).map((row) => row.title)).toEqual(['短剧解析消耗积分']);

  // Arco's checkbox is a 0×0 input inside its label: a person taps the label.
  await first
    .getByText(/^场景 1/)
    .first()
    .click();
  await expect(first.getByRole('checkbox', { name: /^选择场景 1（/ })).toBeChecked();
  await expect(results.getByRole('status').first()).toContainText(/已选 1 个场景/);
  await page.screenshot({ path: test.info().outputPath('parse-1440.png'), fullPage: true });

  // The same results on a phone, opened from the job's record.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const onPhone = await phone.newPage();
  await onPhone.addInitScript((value) => {
    window.localStorage.setItem('token', value!);
    window.localStorage.setItem('tool_guide', JSON.stringify({ basic: 1 }));
  }, token);
  await onPhone.goto('/tool?tool=parse');
  await onPhone.getByRole('region', { name: '任务记录' }).getByRole('button', { name: '查看' }).first().click();
  const phoneResults = onPhone.getByRole('region', { name: '解析结果' });
  await expect(phoneResults.getByRole('article', { name: names[0] }).getByRole('slider')).toBeVisible();
  expect(await onPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await onPhone.screenshot({ path: test.info().outputPath('parse-390.png'), fullPage: true });
  await phone.close();

  await results.getByRole('button', { name: '发送到高能混剪' }).click();
  await expect(page).toHaveURL(/tool=mixcut&media=\d+/);
  const mixcut = toolPanel(page, '高能混剪');
  await expect(mixcut.getByText(names[0]!).first()).toBeVisible();
  await expect(mixcut.getByRole('status')).toContainText(/本次消耗 \d+ 积分/);
  expect(await costs(page)).toHaveLength(1);
});
