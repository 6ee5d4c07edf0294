/** GET /ai/v1/tools: the tools of the workspace with their prices and limits. */
import { toolApi } from '@cc/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { unwrap } from '../../../lib/api-error';
import { toolKeys } from './query-keys';

export function useTools() {
  return useQuery({
    queryKey: toolKeys.tools,
    queryFn: async ({ signal }) => unwrap(await call(toolApi.tools, { signal })).data,
    staleTime: 5 * 60_000,
  });
}
