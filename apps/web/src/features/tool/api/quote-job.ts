/** POST /ai/v1/jobs/quote: what a run would cost, shown before it runs (refreshed as the form changes). */
import type { CreateJobInput, Quote } from '@cc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export function useQuote(job: CreateJobInput | null) {
  return useQuery({
    queryKey: ['tool', 'quote', job],
    queryFn: async ({ signal }) => unwrap(await request<Quote>('POST', '/ai/v1/jobs/quote', { body: job, signal })),
    enabled: job !== null,
    placeholderData: keepPreviousData,
    meta: { showsOwnError: true },
  });
}
