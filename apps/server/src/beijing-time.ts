/**
 * Beijing calendar days (Asia/Shanghai, UTC+8 all year: no daylight saving) as day numbers, dates and epoch
 * milliseconds. Day number n is the Beijing day that starts at n × 24 h − 8 h UTC, so SQL can compute it with
 * integer arithmetic alone: `(order_at + BEIJING_OFFSET_MS) / DAY_MS`, the same on SQLite and PostgreSQL.
 */
export const DAY_MS = 86_400_000;
export const HOUR_MS = 3_600_000;
export const BEIJING_OFFSET_MS = 8 * HOUR_MS;

/** The Beijing day number of an instant. */
export const beijingDayOf = (ms: number): number => Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS);

/** The Beijing hour of day (0–23) of an instant; SQL computes it as `((ms + BEIJING_OFFSET_MS) / HOUR_MS) % 24`. */
export const beijingHourOf = (ms: number): number => Math.floor((ms + BEIJING_OFFSET_MS) / HOUR_MS) % 24;

/** YYYY-MM-DD of a Beijing day number. */
export const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The Beijing day number of a YYYY-MM-DD date. */
export const dayOfDate = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);

/** The instant a Beijing day begins. */
export const dayStartMs = (day: number): number => day * DAY_MS - BEIJING_OFFSET_MS;

/** The day number of the first day of the Beijing month containing `day`. */
export function monthStartDay(day: number): number {
  const date = new Date(day * DAY_MS);
  return Math.round(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY_MS);
}

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time: Alipay's time format, whatever the server's zone. */
export const beijingDateTime = (ms: number): string =>
  new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The Beijing wall-clock time of an instant, as a Date whose UTC fields read it. A spreadsheet's date cell has no time
 * zone (exceljs writes a Date's UTC time), so this is what a creator in Beijing must see there.
 */
export const beijingWallClock = (ms: number): Date => new Date(ms + BEIJING_OFFSET_MS);
