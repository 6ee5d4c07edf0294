/**
 * Narrow phones (found by the adv-ui walk): at 360 px, the most common Android width, the AI workspace's top bar
 * (back, logo and title, support, points, 充值, more, avatar) was 386 px wide: the page scrolled sideways and the
 * avatar was cut at the edge; at 390 px it touched the edge. The main pages must fit 360 and 390 px without a
 * horizontal scroll, and the tool bar's last control must keep its margin.
 */
import { expect, test, type Page } from '@playwright/test';
import { freshPhone, loginThroughModal, topBar } from '../support/fixtures.js';

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

test('the tool bar and the main pages fit 360 and 390 px phones', async ({ page }) => {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());
  for (const width of [360, 390]) {
    await page.setViewportSize({ width, height: 780 });
    await page.goto('/tool');
    const bar = topBar(page);
    await expect(bar.getByRole('button', { name: '充值', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => window.innerWidth)).toBe(width);
    expect(await horizontalOverflow(page)).toBe(0);
    // The tool bar's avatar is a picture (or an initial) with no role of its own: found by Arco's class.
    const avatar = (await bar.locator('.arco-avatar').boundingBox())!;
    expect(avatar.x + avatar.width).toBeLessThanOrEqual(width - 8);
    // The title may give way to the logo, and the back arrow stands alone, but both keep their names.
    await expect(bar.getByRole('link', { name: 'AI 工具' })).toBeVisible();
    await expect(bar.getByRole('button', { name: '返回' })).toBeVisible();

    for (const path of ['/task', '/income', '/income/withdraw', '/profile', '/profile/team', '/gift', '/ai']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await horizontalOverflow(page), `${path} at ${width} px`).toBe(0);
    }
  }
});
