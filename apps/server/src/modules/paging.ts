/** Paging helpers shared by list endpoints: `page_num`/`page_size` in, `{ data, page }` out. */
import type { PageQuery, Paged } from '@cc/contracts';

export function offsetOf(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.page_size, offset: (query.page_num - 1) * query.page_size };
}

export function paged<T>(data: T[], totalCount: number, query: PageQuery): Paged<T> {
  return { data, page: { total_count: totalCount, page_num: query.page_num, page_size: query.page_size } };
}

export const isoTime = (ms: number): string => new Date(ms).toISOString();

export const splitTags = (tags: string): string[] => (tags ? tags.split(',').filter(Boolean) : []);
