/** Reads an operator's CSV of orders (RFC 4180 quoting; header `order_id,code,order_type,amount,order_at,refund_of`). */
import { appError } from '../../errors.js';

export const ORDER_CSV_COLUMNS = ['order_id', 'code', 'order_type', 'amount', 'order_at', 'refund_of'] as const;

/** Splits CSV text into rows of fields; quoted fields may hold commas, quotes (`""`) and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i += 1) {
    const ch = source[i]!;
    if (quoted) {
      if (ch === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && source[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

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
