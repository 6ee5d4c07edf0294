import { expect, test, type Page } from '@playwright/test';
import { promotionButtons, taskCards } from '../support/fixtures.js';

const supportButton = (page: Page) => page.getByRole('button', { name: '教程&客服' });

/** True when the floating 教程&客服 button overlaps any card's promotion button on screen. */
async function supportCoversAButton(page: Page): Promise<boolean> {
  const support = await supportButton(page).boundingBox();
  if (!support) return false;
  const boxes = await promotionButtons(page).evaluateAll((buttons) =>
    buttons.map((b) => b.getBoundingClientRect()).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height })),
  );
  return boxes.some(
    (b) =>
      b.x < support.x + support.width &&
      support.x < b.x + b.width &&
      b.y < support.y + support.height &&
      support.y < b.y + b.height,
  );
}

for (const width of [390, 1000, 1440]) {
  test(`the 教程&客服 button covers no card's button at ${width} px, wherever the page is scrolled`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/task');
    await expect(taskCards(page).first()).toBeVisible();
    await expect(supportButton(page)).toBeVisible();
    await expect(supportButton(page)).toHaveAccessibleName('教程&客服');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 200) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await supportCoversAButton(page), `scrolled to ${y}`).toBe(false);
    }
  });
}
