/**
 * Fits each synthesised line to its cue, by the rules of video dubbing tools such as pyvideotrans: a line starts at
 * its cue's start; it may run on into the gap before the next cue (its slot); if it is still too long its audio is
 * sped up with `atempo`, at most `maxAtempo` (1.3×: faster sounds rushed); what is left is made room for by slowing
 * the picture of that slot (`setpts`), and the original sound with it. Every later cue moves by the time added, so
 * the answer is a timeline: the source's slots with their stretch, each line's place and tempo in the output, and
 * the cues moved onto the output's clock for the subtitles.
 */
import { type Cue, SubtitleError } from './cue.js';

export const DUB_MAX_ATEMPO = 1.3;

export interface DubFitOptions {
  /** Milliseconds of the source video: the last cue's slot runs to its end. */
  videoDurationMs: number;
  maxAtempo?: number;
}

/** A stretch of the source and how long it lasts in the output (`stretch` = output / source, at least 1). */
export interface RetimeSegment {
  sourceStartMs: number;
  sourceEndMs: number;
  outputStartMs: number;
  outputEndMs: number;
  stretch: number;
}

export interface FittedLine {
  /** Where the line plays in the output. */
  startMs: number;
  endMs: number;
  /** Tempo of the synthesised audio (1 unchanged, at most `maxAtempo`). */
  atempo: number;
  /** Milliseconds of the synthesised audio as it came. */
  speechMs: number;
}

export interface DubPlan<C extends Cue = Cue> {
  lines: FittedLine[];
  /** The whole source, in order; neighbouring slots that keep their speed are one segment. */
  segments: RetimeSegment[];
  /** The cues on the output's clock, each shown at least while its line speaks (never into the next cue). */
  cues: C[];
  durationMs: number;
}

const ceilTo = (value: number, digits: number) => Math.ceil(value * 10 ** digits - 1e-9) / 10 ** digits;

/** Where a source time lands in the output. */
export function toOutputMs(segments: readonly RetimeSegment[], sourceMs: number): number {
  const segment = segments.find((s) => sourceMs >= s.sourceStartMs && sourceMs < s.sourceEndMs) ?? segments.at(-1)!;
  return segment.outputStartMs + (sourceMs - segment.sourceStartMs) * segment.stretch;
}

/** The plan for `cues` (in time order, each starting after the one before) and their lines' durations. */
export function fitDub<C extends Cue>(
  cues: readonly C[],
  speechMs: readonly number[],
  options: DubFitOptions,
): DubPlan<C> {
  if (cues.length !== speechMs.length) throw new Error('one synthesised duration per cue');
  const maxAtempo = options.maxAtempo ?? DUB_MAX_ATEMPO;
  const end = options.videoDurationMs;
  cues.forEach((cue, i) => {
    const next = cues[i + 1];
    if ((next && next.startMs <= cue.startMs) || cue.startMs < 0) {
      throw new SubtitleError(`第 ${i + 1} 条字幕与下一条开始时间重叠，请调整后重试`);
    }
    if (cue.startMs >= end) throw new SubtitleError(`第 ${i + 1} 条字幕开始于视频结束之后`);
  });

  const slots: { startMs: number; endMs: number; stretch: number; line?: number }[] = [];
  if (cues.length === 0 || cues[0]!.startMs > 0) slots.push({ startMs: 0, endMs: cues[0]?.startMs ?? end, stretch: 1 });
  const fitted = cues.map((cue, i) => {
    const slotEnd = cues[i + 1]?.startMs ?? end;
    const slot = slotEnd - cue.startMs;
    const speech = Math.max(0, speechMs[i]!);
    let atempo = 1;
    let stretch = 1;
    if (speech > slot) {
      atempo = Math.min(maxAtempo, ceilTo(speech / slot, 4));
      // Beyond the fastest tempo the picture slows down: the slot lasts, in whole milliseconds, what the line needs.
      if (speech / atempo > slot) stretch = Math.ceil(speech / atempo) / slot;
    }
    slots.push({ startMs: cue.startMs, endMs: slotEnd, stretch, line: i });
    return { atempo, speechMs: speech, played: speech / atempo };
  });

  const segments: RetimeSegment[] = [];
  const lineStarts: number[] = [];
  let output = 0;
  for (const slot of slots) {
    const length = (slot.endMs - slot.startMs) * slot.stretch;
    if (slot.line !== undefined) lineStarts[slot.line] = output;
    const last = segments.at(-1);
    if (last && last.stretch === 1 && slot.stretch === 1) {
      last.sourceEndMs = slot.endMs;
      last.outputEndMs = output + length;
    } else {
      segments.push({
        sourceStartMs: slot.startMs,
        sourceEndMs: slot.endMs,
        outputStartMs: output,
        outputEndMs: output + length,
        stretch: slot.stretch,
      });
    }
    output += length;
  }

  const lines = fitted.map((line, i) => ({
    startMs: lineStarts[i]!,
    endMs: lineStarts[i]! + line.played,
    atempo: line.atempo,
    speechMs: line.speechMs,
  }));
  const movedCues = cues.map((cue, i) => {
    const nextStart = i + 1 < cues.length ? lineStarts[i + 1]! : output;
    return {
      ...cue,
      startMs: lineStarts[i]!,
      endMs: Math.min(nextStart, Math.max(toOutputMs(segments, cue.endMs), lines[i]!.endMs)),
    };
  });
  return { lines, segments, cues: movedCues, durationMs: output };
}
