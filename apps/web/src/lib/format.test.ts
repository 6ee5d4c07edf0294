import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatDuration, formatFileSize, formatYuan } from './format';

describe('format', () => {
  it('shows amounts as yuan with two decimals and grouped thousands', () => {
    expect(formatYuan('12.3')).toBe('¥12.30');
    expect(formatYuan('0.00')).toBe('¥0.00');
    expect(formatYuan('-33.93')).toBe('-¥33.93');
    expect(formatYuan(1280)).toBe('¥1,280.00');
    expect(formatYuan('3120450.00')).toBe('¥3,120,450.00');
    expect(formatYuan('-5')).toBe('-¥5.00');
    expect(formatYuan('abc')).toBe('¥0.00');
  });

  it('shows times in China time', () => {
    expect(formatDateTime('2026-11-21T16:05:00.000Z')).toBe('2026-11-22 00:05');
    expect(formatDateTime('2026-11-21T08:30:00+08:00')).toBe('2026-11-21 08:30');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows durations as mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(65.9)).toBe('01:05');
    expect(formatDuration(4500)).toBe('75:00');
    expect(formatDuration(Number.NaN)).toBe('00:00');
    expect(formatDuration(-3)).toBe('00:00');
  });

  it('groups counts and sizes', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
