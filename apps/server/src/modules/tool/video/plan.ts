/**
 * The mixed cut's editor, pure: from per-second analyses it cuts candidate clips on shot boundaries,
 * leaves out what repeats across episodes (recaps, openings, credits) and dead picture, picks the best-scoring set
 * whose length lies inside the bucket (an exact 0/1 knapsack over tenths of a second, not a greedy pass), and orders it by
 * the cut type's strategy. Each script is seeded differently and avoids the clips of the scripts before it.
 */
import { CUT_DURATION_RANGES, type CutType, type HighCutConfig, type TimelineClip } from '@cc/contracts';
import type { MediaAnalysis } from './analyze.js';
import { popcount32 } from './fingerprint.js';
import { seededRandom, type SeededRandom } from './seeded-random.js';

export interface PlanSource {
  mediaId: number;
  analysis: MediaAnalysis;
}

interface Candidate {
  source: number;
  mediaId: number;
  start: number;
  end: number;
  score: number;
  reason: string;
}

const MIN_CLIP = 1.5;
const MAX_CLIP = 6;
/** Clip edges snap to a tenth of a second (within a frame of the shot cut), so lengths add up exactly. */
const UNIT = 0.1;
const snap = (t: number) => Math.round(t / UNIT) / (1 / UNIT);
/** Longest timeline a creator may send (ten minutes). */
export const MAX_TIMELINE_SECONDS = 600;
/** A run of at least this many matching seconds that appears in another episode is a repeat. */
const REPEAT_MIN_SECONDS = 4;
const REPEAT_MAX_HAMMING = 8;

/** `auto` picks the bucket the material can fill well: about a third of the usable material, at most 300 s. */
export function bucketFor(cutDuration: HighCutConfig['cut_duration'], usableSeconds: number) {
  if (cutDuration !== 'auto') return CUT_DURATION_RANGES[cutDuration];
  if (usableSeconds < 360) return CUT_DURATION_RANGES[90];
  if (usableSeconds < 900) return CUT_DURATION_RANGES[150];
  return CUT_DURATION_RANGES[300];
}

/**
 * Seconds of each source that repeat in another source (a recap of the last episode, the same opening or credits):
 * runs of ≥ 4 s whose half-second hashes match, in order, a run of another episode.
 */
export function repeatedSeconds(sources: readonly PlanSource[]): Set<number>[] {
  // Two 32-bit halves per hash: popcounts on numbers are far cheaper than on bigints.
  const hashes = sources.map((s) =>
    s.analysis.hashes.map((h) => [Number.parseInt(h.slice(0, 8), 16), Number.parseInt(h.slice(8), 16)] as const),
  );
  const distance = (x: readonly [number, number], y: readonly [number, number]) =>
    popcount32((x[0] ^ y[0]) >>> 0) + popcount32((x[1] ^ y[1]) >>> 0);
  const marks = sources.map(() => new Set<number>());
  const minRun = REPEAT_MIN_SECONDS * 2;
  for (let a = 0; a < sources.length; a += 1) {
    for (let b = a + 1; b < sources.length; b += 1) {
      const ha = hashes[a]!;
      const hb = hashes[b]!;
      // Longest common runs along every diagonal offset.
      for (let offset = -(hb.length - 1); offset < ha.length; offset += 1) {
        let run = 0;
        for (let i = Math.max(0, offset); i < Math.min(ha.length, hb.length + offset) + 1; i += 1) {
          const j = i - offset;
          const same = i < ha.length && j < hb.length && j >= 0 && distance(ha[i]!, hb[j]!) <= REPEAT_MAX_HAMMING;
          if (same) {
            run += 1;
            continue;
          }
          if (run >= minRun) {
            for (let k = i - run; k < i; k += 1) {
              marks[a]!.add(Math.floor(k / 2));
              marks[b]!.add(Math.floor((k - offset) / 2));
            }
          }
          run = 0;
        }
      }
    }
  }
  return marks;
}

function reasonOf(a: MediaAnalysis, start: number, end: number): string {
  const from = Math.floor(start);
  const to = Math.max(from + 1, Math.ceil(end));
  const mean = (values: number[]) => values.slice(from, to).reduce((s, v) => s + v, 0) / Math.max(1, to - from);
  const sorted = [...a.motion].sort((x, y) => x - y);
  const p75 = sorted[Math.floor(sorted.length * 0.75)] ?? 0;
  const reasons: string[] = [];
  if (mean(a.motion) >= p75 && p75 > 0) reasons.push('画面动作激烈');
  const jump = a.loudness.slice(from, to).some((v, i) => {
    const at = from + i;
    const before = a.loudness.slice(Math.max(0, at - 3), at);
    return before.length > 0 && v - Math.max(...before) >= 6;
  });
  if (jump) reasons.push('音量突增');
  if (a.cuts.filter((t) => t > start && t < end).length >= 1) reasons.push('镜头切换密集');
  if (mean(a.speech) >= 0.5) reasons.push('人物对白');
  return reasons.slice(0, 2).join(' + ') || '画面精彩';
}

/** Clips of one source: shots, long ones split into pieces of at most 6 s, repeats and dead picture left out. */
function candidatesOf(index: number, source: PlanSource, repeated: Set<number>): Candidate[] {
  const a = source.analysis;
  const bounds = [0, ...a.cuts.filter((t) => t > 0 && t < a.duration), a.duration];
  const clips: Candidate[] = [];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const shotStart = bounds[i]!;
    const shotEnd = bounds[i + 1]!;
    const pieces = Math.max(1, Math.ceil((shotEnd - shotStart) / MAX_CLIP));
    const length = (shotEnd - shotStart) / pieces;
    for (let p = 0; p < pieces; p += 1) {
      const start = snap(shotStart + p * length);
      const end = Math.min(snap(p === pieces - 1 ? shotEnd : shotStart + (p + 1) * length), a.duration);
      if (end - start < MIN_CLIP) continue;
      const seconds = range(Math.floor(start), Math.ceil(end)).filter((s) => s < a.score.length);
      const bad = seconds.filter((s) => repeated.has(s) || a.dead[s] === 1).length;
      if (seconds.length === 0 || bad / seconds.length > 0.3) continue;
      const score = seconds.reduce((sum, s) => sum + a.score[s]!, 0) / seconds.length;
      clips.push({ source: index, mediaId: source.mediaId, start, end, score, reason: reasonOf(a, start, end) });
    }
  }
  return clips;
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
const round = (value: number) => Math.round(value * 100) / 100;
const lengthOf = (clip: { start: number; end: number }) => clip.end - clip.start;

/**
 * Best-valued subset whose total length (in tenths of a second) lies in [min, max]; when the material cannot reach
 * `min`, the best subset up to `max`. Exact DP over items × capacity.
 */
export function fillBucket<T extends { start: number; end: number }>(
  items: readonly T[],
  value: (item: T) => number,
  min: number,
  max: number,
): T[] {
  const cap = Math.floor(max / UNIT);
  const weights = items.map((item) => Math.max(1, Math.round(lengthOf(item) / UNIT)));
  const best = new Float64Array(cap + 1).fill(-Infinity);
  best[0] = 0;
  const took: Uint8Array[] = [];
  items.forEach((item, i) => {
    const w = weights[i]!;
    const v = value(item);
    const row = new Uint8Array(cap + 1);
    for (let c = cap; c >= w; c -= 1) {
      const candidate = best[c - w]! + v;
      if (candidate > best[c]!) {
        best[c] = candidate;
        row[c] = 1;
      }
    }
    took.push(row);
  });
  const minUnits = Math.ceil(min / UNIT);
  let target = -1;
  for (let c = cap; c >= minUnits; c -= 1)
    if (best[c]! > -Infinity && (target < 0 || best[c]! > best[target]!)) target = c;
  if (target < 0)
    for (let c = cap; c >= 0; c -= 1) if (best[c]! > -Infinity && (target < 0 || best[c]! > best[target]!)) target = c;
  const chosen: T[] = [];
  for (let i = items.length - 1, c = target; i >= 0 && c > 0; i -= 1) {
    if (took[i]![c]) {
      chosen.push(items[i]!);
      c -= weights[i]!;
    }
  }
  return chosen.reverse();
}

const storyOrder = (a: Candidate, b: Candidate) => a.source - b.source || a.start - b.start;

/** The strongest `seconds`-long window of all sources (the golden three seconds' hook). */
function strongestWindow(sources: readonly PlanSource[], repeated: Set<number>[], seconds: number): Candidate | null {
  let best: Candidate | null = null;
  sources.forEach((source, index) => {
    const a = source.analysis;
    for (let s = 0; s + seconds <= Math.floor(a.duration); s += 1) {
      const window = range(s, s + seconds);
      if (window.some((t) => repeated[index]!.has(t) || a.dead[t] === 1)) continue;
      const score = window.reduce((sum, t) => sum + (a.score[t] ?? 0), 0) / seconds;
      if (!best || score > best.score) {
        best = {
          source: index,
          mediaId: source.mediaId,
          start: s,
          end: s + seconds,
          score,
          reason: `开场钩子：${reasonOf(a, s, s + seconds)}`,
        };
      }
    }
  });
  return best;
}

const overlaps = (a: Candidate, b: Candidate) => a.source === b.source && a.start < b.end && b.start < a.end;

function planScript(
  type: CutType,
  sources: readonly PlanSource[],
  candidates: Candidate[],
  repeated: Set<number>[],
  bucket: { min: number; max: number },
  random: SeededRandom,
  used: Set<string>,
): Candidate[] {
  const keyOf = (c: Candidate) => `${c.source}:${c.start}`;
  const jitter = new Map(
    candidates.map((c) => [keyOf(c), random.between(0.85, 1.15) * (used.has(keyOf(c)) ? 0.5 : 1)]),
  );
  const weight = (c: Candidate) => jitter.get(keyOf(c)) ?? 1;
  const base = (c: Candidate) => (type === 'high_cut' ? c.score ** 2 : c.score) * lengthOf(c) * weight(c);

  if (type === 'golden_three') {
    const hook = strongestWindow(sources, repeated, 3);
    if (!hook) return fillBucket(candidates, base, bucket.min, bucket.max).sort(storyOrder);
    const rest = fillBucket(
      candidates.filter((c) => !overlaps(c, hook)),
      base,
      bucket.min - 3,
      bucket.max - 3,
    );
    return [hook, ...rest.sort(storyOrder)];
  }
  if (type === 'high_mixed' && sources.length > 1) {
    // Every source counts: a clip of a source the set lacks is worth more, then the sources take turns.
    let chosen = fillBucket(candidates, base, bucket.min, bucket.max);
    const present = new Set(chosen.map((c) => c.source));
    if (present.size < Math.min(sources.length, 3)) {
      chosen = fillBucket(candidates, (c) => base(c) * (present.has(c.source) ? 1 : 2.5), bucket.min, bucket.max);
    }
    const bySource = sources.map((_, i) => chosen.filter((c) => c.source === i).sort(storyOrder));
    const interleaved: Candidate[] = [];
    for (let round = 0; interleaved.length < chosen.length; round += 1) {
      for (const list of bySource) if (list[round]) interleaved.push(list[round]!);
    }
    return interleaved;
  }
  const chosen = fillBucket(candidates, base, bucket.min, bucket.max).sort(storyOrder);
  if (type === 'high_pre' && chosen.length > 1) {
    const climax = chosen.reduce((top, c) => (c.score > top.score ? c : top));
    return [{ ...climax, reason: `高潮前置：${climax.reason}` }, ...chosen.filter((c) => c !== climax)];
  }
  return chosen;
}

export function planMixcut(
  sources: readonly PlanSource[],
  config: Pick<HighCutConfig, 'cut_duration' | 'cut_type' | 'script_count'>,
  seed: number,
): { range: { min: number; max: number }; scripts: { clips: TimelineClip[]; duration: number }[] } {
  const repeated = repeatedSeconds(sources);
  const candidates = sources.flatMap((source, i) => candidatesOf(i, source, repeated[i]!));
  const usable = candidates.reduce((sum, c) => sum + lengthOf(c), 0);
  const bucket = bucketFor(config.cut_duration, usable);
  const used = new Set<string>();
  const scripts = range(0, config.script_count).map((index) => {
    const clips = planScript(
      config.cut_type,
      sources,
      candidates,
      repeated,
      bucket,
      seededRandom(seed + index * 7919),
      used,
    );
    for (const clip of clips) used.add(`${clip.source}:${clip.start}`);
    return {
      clips: clips.map((c) => ({
        media_id: c.mediaId,
        start: c.start,
        end: c.end,
        score: round(c.score),
        reason: c.reason,
      })),
      duration: round(clips.reduce((sum, c) => sum + lengthOf(c), 0)),
    };
  });
  return { range: { min: bucket.min, max: bucket.max }, scripts: scripts.filter((s) => s.clips.length > 0) };
}

/** What is wrong with a creator-edited timeline, in Chinese, or null. */
export function checkTimeline(clips: readonly TimelineClip[], durations: ReadonlyMap<number, number>): string | null {
  for (const [i, clip] of clips.entries()) {
    const duration = durations.get(clip.media_id);
    if (duration === undefined) return `第 ${i + 1} 个片段的素材不存在`;
    if (clip.start < 0 || clip.end > duration + 0.05 || clip.end <= clip.start) {
      return `第 ${i + 1} 个片段超出素材时长（${duration.toFixed(1)} 秒）`;
    }
  }
  const total = clips.reduce((sum, c) => sum + c.end - c.start, 0);
  if (total > MAX_TIMELINE_SECONDS) return `时间线总长不能超过 ${MAX_TIMELINE_SECONDS} 秒`;
  return null;
}
