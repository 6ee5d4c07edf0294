/** Removes the creator's filings (all or none), freeing their channels. */
import { channelApi } from '@cc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { channelQueryKey } from './query-keys';

export function useDeleteAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(channelApi.remove, { body: { ids } }),
    // Refresh even after a failure: a "not found" means the list on screen is stale.
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelQueryKey }),
  });
}
