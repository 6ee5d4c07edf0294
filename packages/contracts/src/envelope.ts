/** The response envelope and paging shapes of DESIGN.md: every answer is `{ code, msg, body }`. */
import { z } from 'zod';

export interface Envelope<T> {
  code: number;
  msg: string;
  body: T;
}

export function envelopeSchema<T extends z.ZodType>(body: T) {
  return z.object({ code: z.number().int(), msg: z.string(), body });
}

/**
 * The largest value a PostgreSQL `integer` column holds (SQLite's are wider): an integer input stored in such a
 * column or compared with one is bounded by it, so a larger one is a 400 naming the field, not a database error.
 */
export const INT4_MAX = 2_147_483_647;

export const pageQuerySchema = z.object({
  page_num: z.coerce.number({ error: '页码不正确' }).int('页码不正确').min(1, '页码不正确').default(1),
  page_size: z.coerce
    .number({ error: '每页数量不正确' })
    .int('每页数量不正确')
    .min(1, '每页数量不正确')
    .max(100, '每页数量不能超过100')
    .default(10),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

const pageInfoSchema = z.object({
  total_count: z.number().int(),
  page_num: z.number().int(),
  page_size: z.number().int(),
});

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), page: pageInfoSchema });
}
export type Paged<T> = { data: T[]; page: z.infer<typeof pageInfoSchema> };

/** Money travels as yuan with two decimals; the database keeps integer fen. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const YUAN = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Yuan (a wire string such as '9.90', or a number written in code such as 9.9) as integer fen, computed on the
 * decimal digits rather than by `yuan * 100`, which gives 1989.9999999999998 for 19.9. A third decimal rounds half
 * away from zero. Anything that is not a plain decimal number throws: money never silently becomes 0.
 */
export function yuanToFen(yuan: string | number): number {
  // A number prints in its shortest form ('9.9'); the exponent forms of tiny or huge ones do not match.
  const match = YUAN.exec(typeof yuan === 'number' ? String(yuan) : yuan.trim());
  if (!match) throw new RangeError(`not an amount of yuan: ${String(yuan)}`);
  const [, sign, whole, decimals = ''] = match;
  const cents = Number(whole) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  const fen = cents + (Number(decimals[2] ?? '0') >= 5 ? 1 : 0);
  return sign === '-' && fen !== 0 ? -fen : fen;
}
