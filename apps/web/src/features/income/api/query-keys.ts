/** Query keys of the income pages: everything under one root, so a withdrawal can refresh every income figure. */
export const incomeQueryKey = ['income'] as const;
