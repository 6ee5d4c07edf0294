/** GET /agent/v1/template/list: the help topics of the help page's menu. */
import type { TemplateSummary } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export function getTemplates(signal?: AbortSignal) {
  return request<TemplateSummary[]>('GET', '/agent/v1/template/list', { signal });
}

export function useTemplates() {
  return useQuery({
    queryKey: ['help', 'templates'],
    queryFn: async ({ signal }) => unwrap(await getTemplates(signal)),
    meta: { showsOwnError: true },
  });
}
