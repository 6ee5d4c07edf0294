/**
 * The mixed cut's editor, pure: from per-second analyses it cuts candidate clips on shot boundaries,
 * leaves out what repeats across episodes (recaps, openings, credits) and black picture (a frozen one only fills in when
 * nothing better reaches the bucket), picks the best-scoring set
 * whose length lies inside the bucket (an exact 0/1 knapsack over tenths of a second, not a greedy pass), and orders it by
 * the cut type's strategy. Each script is seeded differently and avoids the clips of the scripts before it.
 */
import { CUT_DURATION_RANGES, type CutType, type HighCutConfig, type TimelineClip } from '@cc/contracts';
import { scoreSeconds, type MediaAnalysis } from './analyze.js';
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
  /** 0: good material; 1: a filler (mostly frozen picture), taken only to reach the bucket. */
  tier: 0 | 1;
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

/**
 * `auto` picks the bucket the material can fill well: about a third of the usable material, at most 300 s; material
 * too short for 60 s gives a cut of at least half of it rather than a refusal.
 */
export function bucketFor(cutDuration: HighCutConfig['cut_duration'], usableSeconds: number) {
  if (cutDuration !== 'auto') return CUT_DURATION_RANGES[cutDuration];
  const shortest = CUT_DURATION_RANGES[90];
  if (usableSeconds < shortest.min) return { min: Math.floor(usableSeconds / 2), max: shortest.max };
  if (usableSeconds < 360) return shortest;
  if (usableSeconds < 900) return CUT_DURATION_RANGES[150];
  return CUT_DURATION_RANGES[300];
}

/**
 * Seconds of each source that repeat in another source (a recap of the last episode, the same opening or credits):
 * runs of ≥ `minSeconds` (4 s unless told) whose half-second hashes match, in order, a run of another episode.
 */
export function repeatedSeconds(
  sources: readonly PlanSource[],
  minSeconds: number = REPEAT_MIN_SECONDS,
): Set<number>[] {
  // Two 32-bit halves per hash: popcounts on numbers are far cheaper than on bigints.
  const hashes = sources.map((s) =>
    s.analysis.hashes.map((h) => [Number.parseInt(h.slice(0, 8), 16), Number.parseInt(h.slice(8), 16)] as const),
  );
  const distance = (x: readonly [number, number], y: readonly [number, number]) =>
    popcount32((x[0] ^ y[0]) >>> 0) + popcount32((x[1] ^ y[1]) >>> 0);
  const marks = sources.map(() => new Set<number>());
  const minRun = Math.max(1, Math.round(minSeconds * 2));
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

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

/** Why a clip was chosen, in the creator's words and with the figures that made it stand out from its source. */
export function reasonOf(a: MediaAnalysis, start: number, end: number, filler = false): string {
  const from = Math.floor(start);
  const to = Math.max(from + 1, Math.ceil(end));
  const heard = a.loudness.filter((v) => v > -70);
  const louder = mean(a.loudness.slice(from, to)) - mean(heard);
  const sourceMotion = mean(a.motion);
  const motionRatio = sourceMotion > 0 ? mean(a.motion.slice(from, to)) / sourceMotion : 0;
  const jump = Math.max(
    0,
    ...a.loudness.slice(from, to).map((v, i) => {
      const before = a.loudness.slice(Math.max(0, from + i - 3), from + i);
      return before.length > 0 ? v - Math.max(...before) : 0;
    }),
  );
  const cuts = a.cuts.filter((t) => t > start && t < end).length;
  const reasons: string[] = [];
  if (heard.length > 0 && louder >= 3) reasons.push(`响度高于平均 ${Math.round(louder)} dB`);
  if (motionRatio >= 1.8) reasons.push(`画面变化剧烈（平均的 ${motionRatio.toFixed(1)} 倍）`);
  if (jump >= 6) reasons.push(`音量突增 ${Math.round(jump)} dB`);
  if (cuts >= 2) reasons.push(`${cuts} 次镜头切换`);
  if (mean(a.speech.slice(from, to)) >= 0.5) reasons.push('人物对白');
  const why = reasons.slice(0, 3).join('，');
  if (filler) return `补足时长：${why || '画面平缓的过渡片段'}`;
  return why || '画面与声音平稳，作为衔接';
}

/**
 * Shots with rapid cuts are kept together until a group is long enough to show: a burst of one-second shots is the
 * action a highlight cut looks for, and dropping each shot for being short would drop the whole burst.
 */
function shotGroups(cuts: readonly number[], duration: number): [number, number][] {
  const bounds = [0, ...cuts.filter((t) => t > 0 && t < duration), duration];
  const groups: [number, number][] = [];
  let start = 0;
  for (let i = 1; i < bounds.length; i += 1) {
    const [shotStart, end] = [bounds[i - 1]!, bounds[i]!];
    if (end - start < MIN_CLIP && i < bounds.length - 1) continue;
    // Short shots before a shot that stands alone end the group before them (a burst ends; a scene changes).
    if (start < shotStart && end - shotStart >= MIN_CLIP && groups.length > 0) {
      groups.at(-1)![1] = shotStart;
      start = shotStart;
    }
    groups.push([start, end]);
    start = end;
  }
  const last = groups.at(-1);
  if (last && groups.length > 1 && last[1] - last[0] < MIN_CLIP) {
    groups.pop();
    groups.at(-1)![1] = last[1];
  }
  return groups;
}

/**
 * Clips of one source: shot groups, long ones split into pieces of at most 6 s, repeats and black picture left out.
 * Clips with a frozen or barely changing picture are kept as fillers (tier 1), used only when the others cannot
 * reach the bucket.
 */
function candidatesOf(index: number, source: PlanSource, repeated: Set<number>, score: number[]): Candidate[] {
  const a = source.analysis;
  const black = a.black ?? a.dead;
  const clips: Candidate[] = [];
  for (const [shotStart, shotEnd] of shotGroups(a.cuts, a.duration)) {
    const pieces = Math.max(1, Math.ceil((shotEnd - shotStart) / MAX_CLIP));
    const length = (shotEnd - shotStart) / pieces;
    for (let p = 0; p < pieces; p += 1) {
      const start = snap(shotStart + p * length);
      const end = Math.min(snap(p === pieces - 1 ? shotEnd : shotStart + (p + 1) * length), a.duration);
      if (end - start < MIN_CLIP) continue;
      const seconds = range(Math.floor(start), Math.ceil(end)).filter((s) => s < score.length);
      if (seconds.length === 0) continue;
      const unusable = seconds.filter((s) => repeated.has(s) || black[s] === 1).length / seconds.length;
      if (unusable > 0.3) continue;
      const dead = seconds.filter((s) => repeated.has(s) || a.dead[s] === 1).length / seconds.length;
      const tier = dead > 0.3 ? 1 : 0;
      const value = seconds.reduce((sum, s) => sum + score[s]!, 0) / seconds.length;
      clips.push({
        source: index,
        mediaId: source.mediaId,
        start,
        end,
        score: value,
        tier,
        reason: reasonOf(a, start, end, tier === 1),
      });
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
function strongestWindow(
  sources: readonly PlanSource[],
  scores: number[][],
  repeated: Set<number>[],
  seconds: number,
): Candidate | null {
  let best: Candidate | null = null;
  sources.forEach((source, index) => {
    const a = source.analysis;
    const score = scores[index]!;
    for (let s = 0; s + seconds <= Math.floor(a.duration); s += 1) {
      const window = range(s, s + seconds);
      if (window.some((t) => repeated[index]!.has(t) || a.dead[t] === 1)) continue;
      const value = window.reduce((sum, t) => sum + (score[t] ?? 0), 0) / seconds;
      if (!best || value > best.score) {
        best = {
          source: index,
          mediaId: source.mediaId,
          start: s,
          end: s + seconds,
          score: value,
          tier: 0,
          reason: `开场钩子：${reasonOf(a, s, s + seconds)}`,
        };
      }
    }
  });
  return best;
}

const overlaps = (a: Candidate, b: Candidate) => a.source === b.source && a.start < b.end && b.start < a.end;

/** The best set inside the range from good material; fillers join only when good material cannot reach it. */
function pick(candidates: Candidate[], value: (c: Candidate) => number, min: number, max: number): Candidate[] {
  const good = fillBucket(
    candidates.filter((c) => c.tier === 0),
    value,
    min,
    max,
  );
  if (good.reduce((sum, c) => sum + lengthOf(c), 0) >= min - UNIT / 2) return good;
  return fillBucket(candidates, value, min, max);
}

function planScript(
  type: CutType,
  sources: readonly PlanSource[],
  scores: number[][],
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
    const hook = strongestWindow(sources, scores, repeated, 3);
    if (!hook) return pick(candidates, base, bucket.min, bucket.max).sort(storyOrder);
    // A clip the hook overlaps keeps what lies outside the hook, so the hook's scene is not lost around it.
    const outside = candidates.flatMap((c) =>
      !overlaps(c, hook)
        ? [c]
        : [
            { ...c, end: hook.start },
            { ...c, start: hook.end },
          ].filter((part) => lengthOf(part) >= MIN_CLIP),
    );
    const rest = pick(outside, base, bucket.min - 3, bucket.max - 3);
    return [hook, ...rest.sort(storyOrder)];
  }
  if (type === 'high_mixed' && sources.length > 1) {
    // Every source counts: a clip of a source the set lacks is worth more, then the sources take turns.
    let chosen = pick(candidates, base, bucket.min, bucket.max);
    const present = new Set(chosen.map((c) => c.source));
    if (present.size < Math.min(sources.length, 3)) {
      chosen = pick(candidates, (c) => base(c) * (present.has(c.source) ? 1 : 2.5), bucket.min, bucket.max);
    }
    const bySource = sources.map((_, i) => chosen.filter((c) => c.source === i).sort(storyOrder));
    const interleaved: Candidate[] = [];
    for (let round = 0; interleaved.length < chosen.length; round += 1) {
      for (const list of bySource) if (list[round]) interleaved.push(list[round]!);
    }
    return interleaved;
  }
  const chosen = pick(candidates, base, bucket.min, bucket.max).sort(storyOrder);
  if (type === 'high_pre' && chosen.length > 1) {
    const climax = chosen.reduce((top, c) => (c.score > top.score ? c : top));
    return [{ ...climax, reason: `高潮前置：${climax.reason}` }, ...chosen.filter((c) => c !== climax)];
  }
  return chosen;
}

/** Candidate clips of all sources, with the scores they were valued by (computed afresh from the signals). */
function candidatesOfAll(sources: readonly PlanSource[]) {
  const repeated = repeatedSeconds(sources);
  const scores = sources.map((s) => scoreSeconds(s.analysis));
  const candidates = sources.flatMap((source, i) => candidatesOf(i, source, repeated[i]!, scores[i]!));
  return { repeated, scores, candidates, usable: candidates.reduce((sum, c) => sum + lengthOf(c), 0) };
}

/** Seconds of material a cut can use (no repeats, no black picture), rounded down. */
export function usableSeconds(sources: readonly PlanSource[]): number {
  return Math.floor(candidatesOfAll(sources).usable);
}

/**
 * The refusal, in Chinese and with the figures, when the usable material cannot reach the chosen bucket's range;
 * null when it can (`auto` always can: it fits the bucket to the material).
 */
export function mixcutShortfall(usable: number, cutDuration: HighCutConfig['cut_duration']): string | null {
  if (cutDuration === 'auto') return null;
  const { min, max } = CUT_DURATION_RANGES[cutDuration];
  if (usable >= min) return null;
  return `素材可用时长约 ${Math.floor(usable)} 秒，不足以剪出 ${min}~${max} 秒的成片，请添加素材或选择"自动"`;
}

export function planMixcut(
  sources: readonly PlanSource[],
  config: Pick<HighCutConfig, 'cut_duration' | 'cut_type' | 'script_count'>,
  seed: number,
): { range: { min: number; max: number }; usable: number; scripts: { clips: TimelineClip[]; duration: number }[] } {
  const { repeated, scores, candidates, usable } = candidatesOfAll(sources);
  const bucket = bucketFor(config.cut_duration, usable);
  const used = new Set<string>();
  const scripts = range(0, config.script_count).map((index) => {
    const clips = planScript(
      config.cut_type,
      sources,
      scores,
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
  return {
    range: { min: bucket.min, max: bucket.max },
    usable: Math.floor(usable),
    scripts: scripts.filter((s) => s.clips.length > 0),
  };
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
