/** POST /ai/v1/jobs/quote: what a run would cost, shown before it runs (refreshed as the form changes). */
import { toolApi, type CreateJobInput } from '@cc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export function useQuote(job: CreateJobInput | null) {
  return useQuery({
    queryKey: ['tool', 'quote', job],
    queryFn: async ({ signal }) => unwrap(await call(toolApi.quote, { body: job!, signal })),
    enabled: job !== null,
    placeholderData: keepPreviousData,
    meta: { showsOwnError: true },
  });
}
