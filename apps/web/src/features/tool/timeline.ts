/** Editing a planned timeline: moving a clip up or down (dropping is a plain filter). */
export function moveClip<T>(clips: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= clips.length) return [...clips];
  const next = [...clips];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
