// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isGuideHidden } from '../../lib/tool/guide-flags';
import { startToolTour } from './tool-tour';

function pressEscape() {
  window.dispatchEvent(new KeyboardEvent('keyup', { key: 'Escape' }));
}

describe('the workspace tour', () => {
  beforeEach(() => {
    localStorage.clear();
    document.body.innerHTML = ['nav', 'media', 'config', 'run', 'jobs']
      .map((key) => `<div data-tour="${key}">${key}</div>`)
      .join('');
  });
  afterEach(() => {
    pressEscape();
    document.body.innerHTML = '';
  });

  it('speaks Chinese and, closed the moment it appears (before its highlight has settled), stays closed', async () => {
    await startToolTour(false);
    const popover = document.querySelector('.driver-popover');
    expect(popover?.textContent).toContain('第 1/5 步');
    pressEscape();
    expect(document.querySelector('.driver-popover')).toBeNull();
    expect(isGuideHidden('basic')).toBe(true);
    // The first visit's tour does not come back; the 新手引导 button's replay does.
    await startToolTour(false);
    expect(document.querySelector('.driver-popover')).toBeNull();
    await startToolTour(false, { replay: true });
    expect(document.querySelector('.driver-popover')).not.toBeNull();
  });

  it('stays closed once the creator has gone through it to the end', async () => {
    await startToolTour(false);
    for (let step = 0; step < 5; step += 1) {
      const next = document.querySelector<HTMLButtonElement>('.driver-popover-next-btn');
      next?.click();
    }
    expect(document.querySelector('.driver-popover')).toBeNull();
    expect(isGuideHidden('basic')).toBe(true);
  });
});
