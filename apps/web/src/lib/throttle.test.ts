import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then at most once per interval, with a trailing run for the last call', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    throttled.run();
    expect(fn).toHaveBeenCalledTimes(1);
    throttled.run();
    throttled.run();
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(100);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('drops the pending run when cancelled', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    throttled.run();
    throttled.run();
    throttled.cancel();
    vi.advanceTimersByTime(200);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
