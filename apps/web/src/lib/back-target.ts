/**
 * Where 返回 of the tool bar goes: back in this tab's history when the app has an earlier entry;
 * else the same-origin page that opened this one (a banner opens the tool in a new window); else the landing page.
 */
export type BackTarget = { kind: 'history' } | { kind: 'path'; path: string };

export function backTarget(
  {
    hasPreviousEntry,
    referrer,
    origin,
    currentPath,
  }: { hasPreviousEntry: boolean; referrer: string; origin: string; currentPath: string },
  fallback: string,
): BackTarget {
  if (hasPreviousEntry) return { kind: 'history' };
  try {
    const from = new URL(referrer);
    if (from.origin === origin && from.pathname !== currentPath) {
      return { kind: 'path', path: `${from.pathname}${from.search}` };
    }
  } catch {
    // No referrer, or not an address: the fallback.
  }
  return { kind: 'path', path: fallback };
}
