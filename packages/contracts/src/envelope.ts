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

export const pageInfoSchema = z.object({
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
