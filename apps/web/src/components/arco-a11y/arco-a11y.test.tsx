// @vitest-environment jsdom
/** The wrappers that complete Arco's ARIA markup: a named tab list without dangling references, a named progress bar. */
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HeaderTabs } from './header-tabs';
import { LabelledProgress } from './labelled-progress';

describe('HeaderTabs', () => {
  it('puts title-only tabs in a named tab list and points them at no missing pane', async () => {
    render(
      <HeaderTabs label="任务类型" activeTab="1">
        <HeaderTabs.TabPane key="1" title="短剧" />
        <HeaderTabs.TabPane key="2" title="小说" />
      </HeaderTabs>,
    );
    const list = screen.getByRole('tablist', { name: '任务类型' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['短剧', '小说']);
    for (const tab of tabs) expect(list.contains(tab)).toBe(true);
    // Arco sets the ids a moment after mounting; the fix follows its changes.
    await waitFor(() => expect(tabs.filter((tab) => tab.hasAttribute('aria-controls'))).toEqual([]));
  });
});

describe('LabelledProgress', () => {
  it('names the progress bar', () => {
    render(<LabelledProgress label="存储空间用量" percent={40} />);
    expect(screen.getByRole('progressbar', { name: '存储空间用量' }).getAttribute('aria-valuenow')).toBe('40');
  });
});
