/**
 * The stacking layer of the points modal and the retention offer: one step below Arco's modal layer (1001), so the
 * payment and login dialogs opened from them stay on top even when those mounted earlier (their DOM comes first),
 * and Arco's toasts (1003) stay above everything.
 */
export const SHOP_LAYER = { zIndex: 1000 } as const;
