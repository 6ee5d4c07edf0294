/**
 * A phone filters share orders by one month (`YYYY-MM`): a two-month range picker is wider than its screen. The
 * month's first and last day, or no dates when cleared.
 */
import dayjs from 'dayjs';

export function monthRange(month: string | undefined): { start_date?: string; end_date?: string } {
  if (!month) return { start_date: undefined, end_date: undefined };
  const first = dayjs(`${month}-01`);
  return { start_date: first.format('YYYY-MM-DD'), end_date: first.endOf('month').format('YYYY-MM-DD') };
}
