/**
 * 智能运营 as the demo creator: the workspace shows the suggestions and the charts of their own clicks and orders,
 * and a suggestion becomes a planned post of the publishing calendar — on a desktop and on a phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiToken, DESKTOP_AND_PHONE, toolNav } from '../support/fixtures.js';

const DEMO_CREATOR = '13800138000';
let demoToken: string | undefined;

async function openOperate(page: Page) {
  demoToken ??= await apiToken(page.request, DEMO_CREATOR);
  const token = demoToken;
  await page.addInitScript((value) => {
    window.localStorage.setItem('token', value);
    window.localStorage.setItem('tool_guide', JSON.stringify({ basic: 1 }));
  }, token);
  await page.goto('/tool');
  await toolNav(page, '智能运营').click();
  await expect(page).toHaveURL(/tool=operate/);
}

for (const [name, use] of DESKTOP_AND_PHONE) {
  test.describe(name, () => {
    test.use(use);

    test('sees suggestions and charts, and plans a suggested drama in the calendar', async ({ page }, testInfo) => {
      await openOperate(page);
      const suggestions = page.getByRole('list', { name: '推荐推广' });
      await expect(suggestions.getByRole('listitem').first()).toBeVisible();
      await expect(suggestions.getByText(/^热剧榜第\d+名，累计收益¥/).first()).toBeVisible();

      const hourChart = page.getByRole('img', { name: '各时段点击、订单与转化率柱状图' });
      await expect(hourChart).toBeVisible();
      await expect(hourChart.locator('canvas')).toHaveCount(1);
      await expect(page.getByRole('img', { name: '各平台点击、订单与转化率柱状图' }).locator('canvas')).toHaveCount(1);

      const add = suggestions.getByRole('button', { name: /^加入日历《.+》$/ }).first();
      const drama = /^加入日历《(.+)》$/.exec((await add.getAttribute('aria-label'))!)![1]!;
      await add.click();
      const dialog = page.getByRole('dialog', { name: '新增排期' });
      await expect(dialog.getByLabel('发布内容')).toHaveValue(drama);
      const note = `${name} 100% 转化_#话题`;
      await dialog.getByLabel('备注').fill(note);
      await dialog.getByRole('button', { name: '加入日历' }).click();
      await expect(page.getByText('已加入发布日历')).toBeVisible();
      await expect(dialog).toBeHidden();

      const planned = page.getByRole('list', { name: '发布排期' }).getByRole('listitem').filter({ hasText: note });
      await expect(planned).toContainText(drama);
      await expect(planned).toContainText('待发布');
      await page.screenshot({ path: testInfo.outputPath('operate.png'), fullPage: true });
    });
  });
}
