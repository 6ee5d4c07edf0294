/** Reads an operator's CSV of orders (RFC 4180 quoting; header `order_id,code,order_type,amount,order_at,refund_of`). */
import { parseCsv } from '../../csv.js';
import { appError } from '../../errors.js';

export const ORDER_CSV_COLUMNS = ['order_id', 'code', 'order_type', 'amount', 'order_at', 'refund_of'] as const;

/** The data rows as objects keyed by the header, with their line numbers; refuses a CSV without the needed header. */
export function readOrderCsv(text: string): { line: number; record: Record<string, unknown> }[] {
  const [header, ...rows] = parseCsv(text);
  const names = (header ?? []).map((h) => h.trim().toLowerCase());
  if (!ORDER_CSV_COLUMNS.slice(0, 5).every((c) => names.includes(c))) throw appError('csvInvalid');
  return rows.map((fields, index) => {
    const record: Record<string, unknown> = {};
    names.forEach((name, i) => {
      const value = (fields[i] ?? '').trim();
      if (value === '') return;
      record[name] = name === 'order_type' ? Number(value) : value;
    });
    return { line: index + 2, record };
  });
}
