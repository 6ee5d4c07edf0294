/** Display formats of DESIGN.md: amounts as ¥ with two decimals, times in Asia/Shanghai, durations as mm:ss. */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

const yuanFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** '1234.5' or 1234.5 → '¥1,234.50': the wire sends yuan with two decimals; this groups thousands and guards the shape. */
export function formatYuan(amount: string | number): string {
  const value = Number(amount);
  const finite = Number.isFinite(value) ? value : 0;
  // A refund reads -¥33.93, the sign before the currency as Chinese apps write it.
  return `${finite < 0 ? '-' : ''}¥${yuanFormat.format(Math.abs(finite))}`;
}

/** An ISO time as 'YYYY-MM-DD HH:mm' in China time, whatever the device's zone; '' for a missing or bad time. */
export function formatDateTime(iso: string | null | undefined, pattern = 'YYYY-MM-DD HH:mm'): string {
  if (!iso) return '';
  const time = dayjs(iso);
  return time.isValid() ? time.tz(DISPLAY_TIME_ZONE).format(pattern) : '';
}

/** Seconds as mm:ss (minutes keep counting past an hour: a 75-minute film reads 75:00). */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(total / 60);
  return `${String(minutes).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** A count with thousands separators: 12345 → '12,345'. */
export function formatCount(value: number): string {
  return new Intl.NumberFormat('zh-CN').format(value);
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes in the largest unit that keeps the number at or above 1: 1536 → '1.5 KB'. */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}
