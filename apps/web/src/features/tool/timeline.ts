import { CUT_DURATION_RANGES, type CutDuration } from '@cc/contracts';

/** Editing a planned timeline (moving a clip up or down; dropping is a plain filter) and the duration hints. */
export function moveClip<T>(clips: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= clips.length) return [...clips];
  const next = [...clips];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** Where a script's length stands against the target range: short or long by how many seconds (one decimal). */
export function durationGap(
  duration: number,
  range: { min: number; max: number },
): { kind: 'short' | 'long'; gap: string } | null {
  if (duration < range.min) return { kind: 'short', gap: (range.min - duration).toFixed(1) };
  if (duration > range.max) return { kind: 'long', gap: (duration - range.max).toFixed(1) };
  return null;
}

/** The shortest output a cut duration asks for: its bucket's minimum; `auto` at least the shortest bucket's. */
export function shortestOutput(cutDuration: CutDuration): { min: number; max: number } {
  return cutDuration === 'auto' ? CUT_DURATION_RANGES[90] : CUT_DURATION_RANGES[cutDuration];
}

/** True when the chosen material is too short for the chosen duration (auto: too short for any bucket). */
export function materialTooShort(totalSeconds: number, cutDuration: CutDuration): boolean {
  return totalSeconds > 0 && totalSeconds < shortestOutput(cutDuration).min;
}
