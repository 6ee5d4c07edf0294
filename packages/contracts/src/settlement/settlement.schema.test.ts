import { describe, expect, it } from 'vitest';
import {
  daysInRange,
  isCalendarDate,
  settAggregationQuerySchema,
  settExportQuerySchema,
  settOrderPageQuerySchema,
} from './settlement.schema.js';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('settlement query schemas', () => {
  it('accepts real calendar dates only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(daysInRange('2026-11-01', '2026-11-30')).toBe(30);
  });

  it('coerces filters from the query string with their defaults', () => {
    expect(settOrderPageQuerySchema.parse({ share_type: '3', sett_status: '2', app_id: '7' })).toEqual({
      page_num: 1,
      page_size: 10,
      share_type: 3,
      sett_status: 2,
      app_id: 7,
    });
    expect(settExportQuerySchema.parse({})).toEqual({ kind: 'orders' });
  });

  it('tells each bad field in Chinese, and judges the order of a range only when both dates are valid', () => {
    expect(messages(settOrderPageQuerySchema.safeParse({ share_type: '5', start_date: '2026-02-30' }))).toEqual([
      '分成类型不正确',
      '开始日期格式应为YYYY-MM-DD',
    ]);
    expect(messages(settOrderPageQuerySchema.safeParse({ start_date: '2026-11-02', end_date: '2026-11-01' }))).toEqual([
      '开始日期不能晚于结束日期',
    ]);
    expect(
      messages(settAggregationQuerySchema.safeParse({ start_date: '2025-01-01', end_date: '2026-01-02' })),
    ).toEqual(['日期范围不能超过366天']);
    expect(settAggregationQuerySchema.safeParse({ start_date: '2025-01-01', end_date: '2026-01-01' }).success).toBe(
      true,
    );
  });
});
