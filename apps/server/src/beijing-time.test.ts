import { describe, expect, it } from 'vitest';
import {
  beijingDateTime,
  beijingWallClock,
  beijingDayOf,
  dateOfDay,
  dayOfDate,
  dayStartMs,
  monthStartDay,
} from './beijing-time.js';

describe('Beijing calendar days', () => {
  it('puts 23:30 and 00:10 Beijing time on their Beijing days, not the UTC ones', () => {
    expect(dateOfDay(beijingDayOf(Date.parse('2026-11-20T15:30:00Z')))).toBe('2026-11-20');
    expect(dateOfDay(beijingDayOf(Date.parse('2026-11-20T16:10:00Z')))).toBe('2026-11-21');
    expect(dateOfDay(beijingDayOf(Date.parse('2026-11-20T15:59:59.999Z')))).toBe('2026-11-20');
    expect(dateOfDay(beijingDayOf(Date.parse('2026-11-20T16:00:00Z')))).toBe('2026-11-21');
  });

  it('turns dates into day numbers and day starts, and back', () => {
    const day = dayOfDate('2026-11-21');
    expect(dateOfDay(day)).toBe('2026-11-21');
    expect(new Date(dayStartMs(day)).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(beijingDayOf(dayStartMs(day))).toBe(day);
    expect(beijingDayOf(dayStartMs(day) - 1)).toBe(day - 1);
  });

  it('finds the first day of the month across year ends and leap days', () => {
    expect(dateOfDay(monthStartDay(dayOfDate('2026-11-21')))).toBe('2026-11-01');
    expect(dateOfDay(monthStartDay(dayOfDate('2027-01-01')))).toBe('2027-01-01');
    expect(dateOfDay(monthStartDay(dayOfDate('2028-02-29')))).toBe('2028-02-01');
    expect(dateOfDay(monthStartDay(dayOfDate('2026-12-31')))).toBe('2026-12-01');
  });

  it('writes Beijing wall-clock time for spreadsheets', () => {
    expect(beijingWallClock(Date.parse('2026-11-20T16:10:05Z')).toISOString()).toBe('2026-11-21T00:10:05.000Z');
    expect(beijingDateTime(Date.parse('2026-12-31T16:00:00Z'))).toBe('2027-01-01 00:00:00');
  });
});
