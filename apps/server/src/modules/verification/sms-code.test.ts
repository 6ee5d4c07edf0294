import { describe, expect, it } from 'vitest';
import { shanghaiDayStart } from './sms-code.service.js';

describe('shanghaiDayStart', () => {
  it('is midnight in Asia/Shanghai, 16:00 UTC the day before', () => {
    expect(shanghaiDayStart(Date.UTC(2026, 10, 21, 4, 0))).toBe(Date.UTC(2026, 10, 20, 16, 0));
    expect(shanghaiDayStart(Date.UTC(2026, 10, 21, 15, 59, 59))).toBe(Date.UTC(2026, 10, 20, 16, 0));
    expect(shanghaiDayStart(Date.UTC(2026, 10, 21, 16, 0))).toBe(Date.UTC(2026, 10, 21, 16, 0));
  });
});
