import { describe, expect, it } from 'vitest';
import { monthRange } from './month-range';

describe('monthRange (the phone’s one-month filter)', () => {
  it('covers the chosen month from its first to its last day, leap years included', () => {
    expect(monthRange('2026-11')).toEqual({ start_date: '2026-11-01', end_date: '2026-11-30' });
    expect(monthRange('2028-02')).toEqual({ start_date: '2028-02-01', end_date: '2028-02-29' });
  });

  it('clears both dates when the month is cleared', () => {
    expect(monthRange(undefined)).toEqual({ start_date: undefined, end_date: undefined });
    expect(monthRange('')).toEqual({ start_date: undefined, end_date: undefined });
  });
});
