/** Query-key roots shared across features, so one feature's change can refresh another's lists. */

/** Everything derived from the creator's active tasks: my tasks and the home page figures. */
export const promotionQueryKey = ['promotion'] as const;

/** Task lists whose `received` flag changes when a task is received. */
export const taskQueryKey = ['task'] as const;
