/** The help topics of the help page's menu. */
import { contentApi } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export function useTemplates() {
  return useQuery({
    queryKey: ['help', 'templates'],
    queryFn: async ({ signal }) => unwrap(await call(contentApi.templates, { signal })),
    meta: { showsOwnError: true },
  });
}
