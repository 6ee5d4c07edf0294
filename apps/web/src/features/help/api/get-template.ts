/** One help topic's markdown. */
import { contentApi } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: ['help', 'template', id],
    queryFn: async ({ signal }) => unwrap(await call(contentApi.template, { params: { id: id! }, signal })),
    enabled: id !== null,
    meta: { showsOwnError: true },
  });
}
