/**
 * Sentence segmentation: recognised segments or a file's cues, which cut sentences anywhere, become one cue per
 * sentence, and a sentence too long to read in one cue is split at its best break (a clause's punctuation near the
 * middle, else a word boundary near the middle; never inside an English word). Times come from the recognition's
 * word timestamps when it gave them, else from the cue's time shared out by characters: a cue's text is spoken
 * about evenly, and any error stays inside that cue.
 */
import type { Cue } from './cue.js';
import {
  charCount,
  endsSentence,
  joinUnits,
  punctuationStrength,
  spaceBetween,
  textUnits,
  type TextUnit,
} from './text-units.js';

export interface TimedWord {
  startMs: number;
  endMs: number;
  text: string;
}

/** A recognised segment (with its words when the service gave them) or a cue of a file. */
export interface SourceCue extends Cue {
  words?: readonly TimedWord[];
  /** Who speaks, when the recognition service told speakers apart. */
  speaker?: string;
}

export interface SegmentOptions {
  /** The language of the text: sets the default length of a cue. */
  language: 'zh' | 'en';
  /** Characters of one cue at most (a longer single word stays whole). */
  maxChars?: number;
  maxDurationMs?: number;
  /** A pause longer than this between two pieces ends a sentence even without punctuation. */
  maxGapMs?: number;
}

/** About two lines of subtitles: 16 Chinese characters a line, 42 Latin characters a line. */
export const SEGMENT_DEFAULTS = {
  zh: { maxChars: 32, maxDurationMs: 7000, maxGapMs: 1000 },
  en: { maxChars: 84, maxDurationMs: 7000, maxGapMs: 1000 },
} as const;

interface TimedUnit extends TextUnit {
  startMs: number;
  endMs: number;
}

/** Spreads [startMs, endMs] over the units by their characters. */
function spread(units: TextUnit[], startMs: number, endMs: number): TimedUnit[] {
  const total = units.reduce((sum, unit) => sum + charCount(unit.text), 0) || 1;
  let before = 0;
  return units.map((unit) => {
    const start = startMs + ((endMs - startMs) * before) / total;
    before += charCount(unit.text);
    return { ...unit, startMs: start, endMs: startMs + ((endMs - startMs) * before) / total };
  });
}

/** Every piece of every cue, in order, with its time. */
function timedUnits(cues: readonly SourceCue[]): TimedUnit[] {
  const out: TimedUnit[] = [];
  const sorted = [...cues].sort((a, b) => a.startMs - b.startMs);
  for (const cue of sorted) {
    const pieces = cue.words?.length
      ? cue.words.flatMap((word) => spread(textUnits(word.text), word.startMs, word.endMs))
      : spread(textUnits(cue.text), cue.startMs, cue.endMs);
    for (const piece of pieces) {
      const previous = out.at(-1);
      // Pieces from different words or cues: the boundary gets a space when the source had one or English needs one.
      const spaceBefore = previous ? spaceBetween(previous.text, piece.text, piece.spaceBefore) : false;
      out.push({ ...piece, spaceBefore });
    }
  }
  return out;
}

const lengthOf = (units: readonly TimedUnit[]) => charCount(joinUnits(units));

/**
 * Where to split a run that is too long: the boundary with the best punctuation (or a pause) weighed against how
 * unequal the halves would be. Between two English words or after a clause every boundary is allowed; both halves
 * keep at least one unit.
 */
function bestSplit(units: readonly TimedUnit[]): number {
  const total = lengthOf(units);
  let best = 1;
  let bestScore = -Infinity;
  let left = 0;
  for (let k = 1; k < units.length; k += 1) {
    const before = units[k - 1]!;
    const after = units[k]!;
    left += charCount(before.text) + (before.spaceBefore && k > 1 ? 1 : 0);
    const pause = after.startMs - before.endMs >= 300 ? 1 : 0;
    const strength = Math.max(punctuationStrength(before.text), pause);
    const imbalance = Math.abs(left - (total - left)) / total;
    const score = strength - 3 * imbalance;
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return best;
}

function splitToFit(units: TimedUnit[], maxChars: number, maxDurationMs: number): TimedUnit[][] {
  if (units.length < 2) return [units];
  if (lengthOf(units) <= maxChars && units.at(-1)!.endMs - units[0]!.startMs <= maxDurationMs) return [units];
  const at = bestSplit(units);
  return [
    ...splitToFit(units.slice(0, at), maxChars, maxDurationMs),
    ...splitToFit(units.slice(at), maxChars, maxDurationMs),
  ];
}

/** Sentence-sized cues of `cues`, in time order, their times within the source's. */
export function segmentSentences(cues: readonly SourceCue[], options: SegmentOptions): Cue[] {
  const defaults = SEGMENT_DEFAULTS[options.language];
  const maxChars = options.maxChars ?? defaults.maxChars;
  const maxDurationMs = options.maxDurationMs ?? defaults.maxDurationMs;
  const maxGapMs = options.maxGapMs ?? defaults.maxGapMs;
  const units = timedUnits(cues);
  const sentences: TimedUnit[][] = [];
  let current: TimedUnit[] = [];
  units.forEach((unit, i) => {
    current.push(unit);
    const next = units[i + 1];
    if (!next || endsSentence(unit.text) || next.startMs - unit.endMs > maxGapMs) {
      sentences.push(current);
      current = [];
    }
  });
  return sentences
    .flatMap((sentence) => splitToFit(sentence, maxChars, maxDurationMs))
    .map((run) => {
      const first = { ...run[0]!, spaceBefore: false };
      return {
        startMs: Math.round(first.startMs),
        endMs: Math.round(run.at(-1)!.endMs),
        text: joinUnits([first, ...run.slice(1)]),
      };
    });
}
