/** GET /agent/v1/template/{id}: one help topic's markdown (spec §7 Content). */
import type { Template } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';

export function getTemplate(id: number, signal?: AbortSignal) {
  return request<Template>('GET', `/agent/v1/template/${id}`, { signal });
}

export function useTemplate(id: number | null) {
  return useQuery({
    queryKey: ['help', 'template', id],
    queryFn: async ({ signal }) => unwrap(await getTemplate(id!, signal)),
    enabled: id !== null,
    meta: { showsOwnError: true },
  });
}
