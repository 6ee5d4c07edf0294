// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { hideGuide, isGuideHidden, resetGuide } from './guide-flags';

describe('guide flags', () => {
  beforeEach(() => localStorage.clear());

  it('shows a tour until it is hidden, keeps the other flags, and shows it again after a reset', () => {
    expect(isGuideHidden('basic')).toBe(false);
    hideGuide('basic');
    hideGuide('jobs');
    expect(isGuideHidden('basic')).toBe(true);
    expect(JSON.parse(localStorage.getItem('tool_guide')!)).toMatchObject({
      basic: 1,
      jobs: 1,
      config: 0,
      'team work': 0,
    });
    resetGuide('basic');
    expect(isGuideHidden('basic')).toBe(false);
    expect(isGuideHidden('jobs')).toBe(true);
  });

  it('treats a damaged value as nothing hidden', () => {
    localStorage.setItem('tool_guide', '{oops');
    expect(isGuideHidden('basic')).toBe(false);
  });
});
