/**
 * The layers 短剧解析 draws over an episode, pure: scenes grouped from shots, each speaker's lines, and the stretches
 * that repeat across the parsed episodes (opening, recap, ending) suggested for removal.
 */
import type { RemovalKind, TranscriptCue } from '@cc/contracts';
import type { MediaAnalysis } from '../video/analyze.js';
import { ANALYSIS_HASH_FPS } from '../video/analyze.js';
import { popcount32 } from '../video/fingerprint.js';
import { repeatedSeconds } from '../video/plan.js';

export interface Scene {
  start: number;
  end: number;
  shots: number;
}

/**
 * Two shots look alike when the bitwise majority of their half-second dHashes differ in at most this many of 64
 * bits: the same set and framing give near hashes, another place or another light rarely stays under it.
 */
export const SCENE_HASH_DISTANCE = 16;
/** A shot is compared with this many shots of the scene before it, so a cut back and forth (A-B-A) stays one scene. */
const SCENE_MEMORY = 3;
/** A line that is spoken within this many seconds of a cut joins the shots on both sides. */
const SPEECH_BRIDGE_SECONDS = 0.3;

const halves = (hash: string) => [Number.parseInt(hash.slice(0, 8), 16), Number.parseInt(hash.slice(8), 16)] as const;

/** The bitwise majority of a shot's hashes: what the shot looks like on the whole. */
function shotLook(hashes: readonly string[]): [number, number] {
  const counts = new Array<number>(64).fill(0);
  for (const hash of hashes) {
    const [hi, lo] = halves(hash);
    for (let bit = 0; bit < 32; bit += 1) {
      counts[bit]! += (hi >>> bit) & 1;
      counts[32 + bit]! += (lo >>> bit) & 1;
    }
  }
  let hi = 0;
  let lo = 0;
  for (let bit = 0; bit < 32; bit += 1) {
    if (counts[bit]! * 2 > hashes.length) hi |= 1 << bit;
    if (counts[32 + bit]! * 2 > hashes.length) lo |= 1 << bit;
  }
  return [hi >>> 0, lo >>> 0];
}

const distance = (a: readonly [number, number], b: readonly [number, number]) =>
  popcount32((a[0] ^ b[0]) >>> 0) + popcount32((a[1] ^ b[1]) >>> 0);

/**
 * Scenes from shots. A cut starts a new scene only when both say so: the new shot looks unlike the last shots of the
 * scene (majority dHash farther than `SCENE_HASH_DISTANCE`), and nobody is speaking across the cut (no line of the
 * transcript runs over it). A conversation cut between two faces stays one scene; a silent change of place does not.
 */
export function scenesOf(
  analysis: Pick<MediaAnalysis, 'cuts' | 'duration' | 'hashes'>,
  cues: readonly TranscriptCue[],
): Scene[] {
  const bounds = [0, ...analysis.cuts.filter((t) => t > 0 && t < analysis.duration), analysis.duration];
  const looks = bounds.slice(1).map((end, i) => {
    const from = Math.floor(bounds[i]! * ANALYSIS_HASH_FPS);
    const to = Math.max(from + 1, Math.floor(end * ANALYSIS_HASH_FPS));
    const hashes = analysis.hashes.slice(from, to);
    return hashes.length > 0 ? shotLook(hashes) : null;
  });
  const spokenAcross = (t: number) =>
    cues.some(
      (cue) => cue.start_ms / 1000 < t - SPEECH_BRIDGE_SECONDS && cue.end_ms / 1000 > t + SPEECH_BRIDGE_SECONDS,
    );
  const scenes: (Scene & { looks: [number, number][] })[] = [];
  looks.forEach((look, i) => {
    const [start, end] = [bounds[i]!, bounds[i + 1]!];
    const current = scenes.at(-1);
    const alike =
      current !== undefined &&
      (look === null || current.looks.some((seen) => distance(seen, look) <= SCENE_HASH_DISTANCE));
    if (current && (alike || spokenAcross(start))) {
      current.end = end;
      current.shots += 1;
      if (look) current.looks = [...current.looks, look].slice(-SCENE_MEMORY);
      return;
    }
    scenes.push({ start, end, shots: 1, looks: look ? [look] : [] });
  });
  return scenes.map(({ start, end, shots }) => ({ start: round(start), end: round(end), shots }));
}

export interface CharacterLines {
  speaker: string;
  lines: number;
  seconds: number;
}

/** Each speaker's count of lines and seconds spoken, in order of first appearance. */
export function charactersOf(cues: readonly TranscriptCue[]): CharacterLines[] {
  const bySpeaker = new Map<string, CharacterLines>();
  for (const cue of cues) {
    if (!cue.speaker) continue;
    const entry = bySpeaker.get(cue.speaker) ?? { speaker: cue.speaker, lines: 0, seconds: 0 };
    entry.lines += 1;
    entry.seconds = round(entry.seconds + (cue.end_ms - cue.start_ms) / 1000);
    bySpeaker.set(cue.speaker, entry);
  }
  return [...bySpeaker.values()];
}

export interface Removal {
  start: number;
  end: number;
  kind: RemovalKind;
}

/**
 * A repeat this long is enough to mark: openings of short dramas are often only a couple of seconds. Matches
 * in the middle of an episode are not marked (a shot reused in a flashback is story), so short runs stay safe.
 */
export const REMOVAL_MIN_SECONDS = 1.5;
/** A repeat that starts within this share of the episode (after any opening) is a recap of earlier episodes. */
const RECAP_SHARE = 0.25;
/** Within this many seconds of an end counts as at that end. */
const EDGE_SECONDS = 1;
/**
 * A repeat longer than this share of its episode is no opening or recap: the episodes are alike as a whole (title
 * cards, a trailer cut from the episode), and cutting it would cut the episode.
 */
const MAX_REMOVAL_SHARE = 0.5;

/**
 * The stretches of each episode that repeat in another of `analyses` (the plan's repeat finder over half-second
 * hashes), as ranges: one at the start is the opening, one ending at the end the ending, one starting in the first
 * quarter a recap; the others, and any longer than half the episode, are left alone.
 */
export function removalsAcross(analyses: readonly MediaAnalysis[]): Removal[][] {
  const marks = repeatedSeconds(
    analyses.map((analysis, i) => ({ mediaId: i, analysis })),
    REMOVAL_MIN_SECONDS,
  );
  return analyses.map((analysis, i) => {
    const seconds = [...marks[i]!].sort((a, b) => a - b);
    const ranges: [number, number][] = [];
    for (const s of seconds) {
      const last = ranges.at(-1);
      if (last && last[1] === s) last[1] = s + 1;
      else ranges.push([s, s + 1]);
    }
    return ranges.flatMap(([from, to]): Removal[] => {
      const start = from;
      const end = Math.min(to, analysis.duration);
      if (end - start > analysis.duration * MAX_REMOVAL_SHARE) return [];
      if (start <= EDGE_SECONDS - 1e-9) return [{ start, end, kind: 'opening' }];
      if (end >= analysis.duration - EDGE_SECONDS) return [{ start, end, kind: 'ending' }];
      if (start <= analysis.duration * RECAP_SHARE) return [{ start, end, kind: 'recap' }];
      return [];
    });
  });
}

const round = (value: number) => Math.round(value * 100) / 100;
