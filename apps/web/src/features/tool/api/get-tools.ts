/** GET /ai/v1/tools: the tools of the workspace with their prices and limits. */
import type { ToolInfo } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { toolKeys } from './query-keys';

export function useTools() {
  return useQuery({
    queryKey: toolKeys.tools,
    queryFn: async ({ signal }) => unwrap(await request<{ data: ToolInfo[] }>('GET', '/ai/v1/tools', { signal })).data,
    staleTime: 5 * 60_000,
  });
}
