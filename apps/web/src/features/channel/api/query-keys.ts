/** Query keys of the account filing page: one root, so filing or deleting refreshes every list of it. */
export const channelQueryKey = ['channel'] as const;
