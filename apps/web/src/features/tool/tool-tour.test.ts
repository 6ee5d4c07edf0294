// @vitest-environment jsdom
import { screen } from '@testing-library/react';
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
    // driver.js names its popover by the step's title.
    expect(screen.getByRole('dialog', { name: '选择工具' }).textContent).toContain('第 1/5 步');
    pressEscape();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isGuideHidden('basic')).toBe(true);
    // The first visit's tour does not come back; the 新手引导 button's replay does.
    await startToolTour(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    await startToolTour(false, { replay: true });
    expect(screen.queryByRole('dialog', { name: '选择工具' })).not.toBeNull();
  });

  it('stays closed once the creator has gone through it to the end', async () => {
    await startToolTour(false);
    for (let step = 0; step < 5; step += 1) {
      // 下一步 on every step, 知道了 on the last.
      screen.queryByRole('button', { name: /^(下一步|知道了)$/ })?.click();
    }
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(isGuideHidden('basic')).toBe(true);
  });
});
