/**
 * The promotion dialog's two tutorial players on a 390 px phone (found by the adv-ui walk): each is about 165 px wide,
 * and xgplayer's phone controls (play, current time, progress, duration, full screen) did not fit: the progress bar
 * shrank to its knob between the two times and the full-screen button was cut at the player's edge. Every control
 * must sit inside its player, with a progress bar one can drag.
 */
import { expect, test } from '@playwright/test';
import { freshPhone, loginThroughModal, promotionButtons, promotionDialog, taskCards } from '../support/fixtures.js';

// xgplayer picks its phone controls by the user agent.
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
});

test('the tutorial players’ controls fit inside them on a phone', async ({ page }) => {
  await page.goto('/task');
  await loginThroughModal(page, freshPhone());
  await promotionButtons(taskCards(page).first()).tap();
  const dialog = promotionDialog(page);
  // A video player and xgplayer's controls inside it have no roles: the player frames carry test ids, the controls
  // are found by xgplayer's classes.
  const players = dialog.locator('[data-testid^="tutorial-"]');
  await expect(players).toHaveCount(2);
  for (const player of await players.all()) {
    await player.scrollIntoViewIfNeeded();
    // The controls take their final layout once the video plays (it autoplays muted).
    await expect(player.locator('.xgplayer')).toHaveClass(/xgplayer-playing/);
    const box = (await player.boundingBox())!;
    const fullscreen = player.locator('.xgplayer-fullscreen');
    await expect(fullscreen).toBeVisible();
    const button = (await fullscreen.boundingBox())!;
    expect(button.x).toBeGreaterThanOrEqual(box.x);
    expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
    const progress = (await player.locator('.xgplayer-progress').boundingBox())!;
    // Was 10 px (the knob alone) between the two times.
    expect(progress.width).toBeGreaterThanOrEqual(40);
  }
});
