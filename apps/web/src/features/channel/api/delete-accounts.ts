/** POST /agent/v1/user/account/delete {ids}: removes the creator's filings (all or none), freeing their channels. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import { channelQueryKey } from './query-keys';

export function deleteAccounts(ids: number[]) {
  return request<{ deleted: number }>('POST', '/agent/v1/user/account/delete', { body: { ids } });
}

export function useDeleteAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccounts,
    // Refresh even after a failure: a "not found" means the list on screen is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelQueryKey }),
  });
}
