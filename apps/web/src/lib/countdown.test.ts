import { PAYMENT_WINDOW_SECONDS, RETENTION_OFFER_SECONDS } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { countdownParts } from './countdown';
import { formatDuration } from './format';
import { secondsUntil } from './use-now';

describe('countdownParts', () => {
  it('splits seconds into days and two-digit hours, minutes and seconds', () => {
    expect(countdownParts(93_784)).toEqual({ days: 1, hours: '02', minutes: '03', seconds: '04' });
    expect(countdownParts(20 * 86_400 - 1)).toEqual({ days: 19, hours: '23', minutes: '59', seconds: '59' });
    expect(countdownParts(59)).toEqual({ days: 0, hours: '00', minutes: '00', seconds: '59' });
  });

  it('counts a finished, negative or bad value as zero', () => {
    const zero = { days: 0, hours: '00', minutes: '00', seconds: '00' };
    expect(countdownParts(0)).toEqual(zero);
    expect(countdownParts(-5)).toEqual(zero);
    expect(countdownParts(Number.NaN)).toEqual(zero);
    expect(countdownParts(12.9).seconds).toBe('12');
  });
});

describe('mm:ss countdowns', () => {
  it('shows the payment window and the retention offer as mm:ss', () => {
    expect(formatDuration(PAYMENT_WINDOW_SECONDS)).toBe('09:59');
    expect(formatDuration(RETENTION_OFFER_SECONDS)).toBe('59:59');
    expect(formatDuration(61)).toBe('01:01');
    expect(formatDuration(0)).toBe('00:00');
  });

  it('rounds the time left up to whole seconds and stops at zero', () => {
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(10_000, 100)).toBe(10);
    expect(secondsUntil(10_000, 9_001)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(10_000, 20_000)).toBe(0);
  });
});
