/** Query keys of the team page: one root, so anything that changes the team can refresh all of it. */
export const teamQueryKey = ['team'] as const;
