/** GET /agent/v1/credit/detail: the creator's points records, 10 a page, optionally of one type. */
import { POINTS_PAGE_SIZE, creditApi, type CreditRecordType } from '@cc/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { creditQueryKey } from '../../../lib/credit/query-keys';

/** A CreditRecordType value, or null for 全部. */
export type RecordFilter = CreditRecordType | null;

export function getCreditDetail(pageNum: number, type: RecordFilter, signal?: AbortSignal) {
  return call(creditApi.detail, {
    query: { page_num: pageNum, page_size: POINTS_PAGE_SIZE, type: type ?? undefined },
    signal,
  });
}

export function useCreditDetail(type: RecordFilter, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: [...creditQueryKey, 'detail', type ?? 'all'],
    queryFn: async ({ pageParam, signal }) => unwrap(await getCreditDetail(pageParam, type, signal)),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.data.length, 0);
      return loaded < last.page.total_count && last.data.length > 0 ? last.page.page_num + 1 : undefined;
    },
    enabled,
    meta: { showsOwnError: true },
  });
}
