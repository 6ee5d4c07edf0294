/**
 * Footage fitted to the narration: each line's shots are played for exactly as long as the line is spoken. Speed
 * stays within 0.8–1.25× (beyond that motion looks wrong); footage too long is trimmed at the ends of its shots
 * (whole trailing shots dropped first when one would fall under half a second), footage too short is extended with
 * the episode's neighbouring footage (after the last shot, then before the first), and when an episode has no more,
 * the line's shots play again. A picture is never held still.
 */
import type { ScriptClip, ScriptLine } from '@cc/contracts';

export const SPEED_RANGE = { min: 0.8, max: 1.25 } as const;
const MIN_PIECE = 0.5;
const EPSILON = 1e-6;

/** A stretch of a source played at `speed`: it lasts `(end − start) / speed` seconds in the output. */
export interface FittedSegment {
  mediaId: number;
  start: number;
  end: number;
  speed: number;
}

const lengthOf = (clips: readonly { start: number; end: number }[]) =>
  clips.reduce((sum, clip) => sum + clip.end - clip.start, 0);
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Output seconds of fitted segments. */
export function fittedSeconds(segments: readonly FittedSegment[]): number {
  return segments.reduce((sum, s) => sum + (s.end - s.start) / s.speed, 0);
}

/** Footage of `clips` cut to `footage` seconds at the shots' ends, trailing shots dropped before one gets too short. */
function trimmed(clips: readonly ScriptClip[], footage: number): ScriptClip[] {
  let kept = [...clips];
  while (kept.length > 1 && kept.some((clip) => (clip.end - clip.start) * (footage / lengthOf(kept)) < MIN_PIECE)) {
    kept = kept.slice(0, -1);
  }
  const ratio = Math.min(1, footage / lengthOf(kept));
  return kept.map((clip) => ({ ...clip, end: clip.start + (clip.end - clip.start) * ratio }));
}

/** Footage of `clips` grown by `extra` seconds from the episodes' neighbouring footage, or by playing them again. */
function extended(clips: readonly ScriptClip[], extra: number, durations: ReadonlyMap<number, number>): ScriptClip[] {
  const grown = clips.map((clip) => ({ ...clip }));
  let rest = extra;
  const last = grown.at(-1)!;
  const after = Math.min(rest, Math.max(0, (durations.get(last.media_id) ?? last.end) - last.end));
  last.end += after;
  rest -= after;
  const first = grown[0]!;
  const before = Math.min(rest, first.start);
  first.start -= before;
  rest -= before;
  for (let i = grown.length - 2; i >= 0 && rest > EPSILON; i -= 1) {
    const clip = grown[i]!;
    const next = grown[i + 1]!;
    const limit = next.media_id === clip.media_id && next.start >= clip.end ? next.start : durations.get(clip.media_id);
    const more = Math.min(rest, Math.max(0, (limit ?? clip.end) - clip.end));
    clip.end += more;
    rest -= more;
  }
  const loop = [...grown];
  for (let i = 0; rest > EPSILON; i = (i + 1) % loop.length) {
    const clip = loop[i]!;
    const take = Math.min(rest, clip.end - clip.start);
    grown.push({ ...clip, end: clip.start + take });
    rest -= take;
  }
  return grown;
}

/**
 * The segments of one line lasting exactly `seconds`: its shots (whose sources last `durations`) at one speed in
 * 0.8–1.25×, trimmed or extended as needed.
 */
export function fitLine(
  clips: readonly ScriptClip[],
  seconds: number,
  durations: ReadonlyMap<number, number>,
): FittedSegment[] {
  if (clips.length === 0) throw new Error('a line needs at least one shot');
  const bounded = clips.map((clip) => ({
    ...clip,
    end: Math.min(clip.end, durations.get(clip.media_id) ?? clip.end),
  }));
  const footage = lengthOf(bounded);
  let speed = footage / seconds;
  let chosen: ScriptClip[] = bounded;
  if (speed > SPEED_RANGE.max) {
    speed = SPEED_RANGE.max;
    chosen = trimmed(bounded, seconds * speed);
  } else if (speed < SPEED_RANGE.min) {
    speed = SPEED_RANGE.min;
    chosen = extended(bounded, seconds * speed - footage, durations);
  }
  // The speed that makes the chosen footage last exactly `seconds` (it differs from the bound only by rounding).
  const exact = lengthOf(chosen) / seconds;
  return chosen
    .filter((clip) => clip.end - clip.start > EPSILON)
    .map((clip) => ({ mediaId: clip.media_id, start: round3(clip.start), end: clip.end, speed: exact }))
    .map((segment) => ({ ...segment, end: round3(segment.end) }));
}

/**
 * A variant's order of a line's shots: the first (the one the line is about) stays, the secondary ones rotate by the
 * variant's number, so copies of one script do not show the same sequence.
 */
export function variantClips(line: ScriptLine, variant: number): ScriptClip[] {
  const [first, ...rest] = line.clips;
  if (!first || rest.length < 2 || variant === 0) return [...line.clips];
  const shift = variant % rest.length;
  return [first, ...rest.slice(shift), ...rest.slice(0, shift)];
}

/** Checks every clip lies in a chosen medium and within its duration; answers the problem in Chinese, or null. */
export function checkScript(lines: readonly ScriptLine[], durations: ReadonlyMap<number, number>): string | null {
  for (const [i, line] of lines.entries()) {
    for (const clip of line.clips) {
      const duration = durations.get(clip.media_id);
      if (duration === undefined) return `第${i + 1}句的镜头不属于所选素材`;
      if (clip.end > duration + 0.05 || clip.start >= clip.end) return `第${i + 1}句的镜头超出素材时长`;
    }
  }
  return null;
}
