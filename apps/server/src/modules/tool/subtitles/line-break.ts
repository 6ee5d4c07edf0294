/**
 * Width-aware line breaking. Debian's libass breaks lines only at spaces, so a Chinese line wider than the picture
 * runs off its edges: every break is ours, measured with the font's own metrics (the ASS says `WrapStyle: 2`, no
 * wrapping by libass). Breaks fall between text units (kinsoku and whole English words, see text-units.ts), at a
 * clause's punctuation when that keeps the line at least 60 % full, and the lines of a cue are balanced (the
 * narrowest width that needs no more lines). A cue needing more lines than allowed is split in time instead.
 */
import type { TextMeasurer } from './font-metrics.js';
import { isClosing, isOpening, joinUnits, punctuationStrength, textUnits, type TextUnit } from './text-units.js';

export interface FrameSize {
  width: number;
  height: number;
}

/** Pixels from each edge that subtitles keep clear of. */
export interface SafeArea {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The short-video safe area: a landscape (or square) picture keeps 5 % clear on every side (90 % of the width for
 * text); a portrait one, where the platforms lay their buttons, captions and status bar over the picture, keeps 10 %
 * left and right (80 % of the width), 10 % at the top and 15 % at the bottom.
 */
export function safeArea({ width, height }: FrameSize): SafeArea {
  if (height > width) {
    return { left: width * 0.1, right: width * 0.1, top: height * 0.1, bottom: height * 0.15 };
  }
  return { left: width * 0.05, right: width * 0.05, top: height * 0.05, bottom: height * 0.05 };
}

/** A font at a size, and how wide its lines may be. */
export interface LineBox {
  measure: TextMeasurer;
  size: number;
  /** Pixels of advance a line may take (outline, shadow and slant already taken off). */
  maxWidth: number;
}

const unitWidth = (unit: TextUnit, box: LineBox, first: boolean) =>
  box.measure.width(unit.text, box.size) + (!first && unit.spaceBefore ? box.measure.width(' ', box.size) : 0);

/** Pixels a line of these units advances (as joined by `joinUnits`). */
export function unitsWidth(units: readonly TextUnit[], box: LineBox): number {
  return units.reduce((sum, unit, i) => sum + unitWidth(unit, box, i === 0), 0);
}

/** A unit wider than a whole line (a long URL, a huge size) is cut between characters: no line may overflow. */
function narrowEnough(units: readonly TextUnit[], box: LineBox): TextUnit[] {
  return units.flatMap((unit) => {
    if (box.measure.width(unit.text, box.size) <= box.maxWidth) return [unit];
    const pieces: TextUnit[] = [];
    let piece = '';
    for (const char of unit.text) {
      if (piece && box.measure.width(piece + char, box.size) > box.maxWidth) {
        // Kinsoku holds here too: a closing mark takes the character before it along, an opening one moves down.
        const chars = [...piece];
        const carry = chars.length > 1 && (isClosing(char) || isOpening(chars.at(-1)!)) ? chars.pop()! : '';
        pieces.push({ text: chars.join(''), spaceBefore: pieces.length === 0 && unit.spaceBefore });
        piece = carry;
      }
      piece += char;
    }
    pieces.push({ text: piece, spaceBefore: pieces.length === 0 && unit.spaceBefore });
    return pieces;
  });
}

/** Lines filled up to `maxWidth`, each broken at punctuation when that leaves it at least 60 % full. */
function greedyLines(units: readonly TextUnit[], box: LineBox, maxWidth: number): TextUnit[][] {
  const lines: TextUnit[][] = [];
  let line: TextUnit[] = [];
  let width = 0;
  for (const unit of units) {
    const added = unitWidth(unit, box, line.length === 0);
    if (line.length === 0 || width + added <= maxWidth) {
      line.push(unit);
      width += added;
      continue;
    }
    let cut = line.length;
    for (let j = line.length - 1; j >= 1; j -= 1) {
      if (punctuationStrength(line[j - 1]!.text) < 2) continue;
      if (unitsWidth(line.slice(0, j), box) < 0.6 * maxWidth) break;
      if (unitsWidth([...line.slice(j), unit], box) <= maxWidth) cut = j;
      break;
    }
    lines.push(line.slice(0, cut));
    line = [...line.slice(cut), unit];
    width = unitsWidth(line, box);
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

/** The fewest lines within the box, then as even as they can be: the narrowest width that needs no more lines. */
function balancedLines(units: readonly TextUnit[], box: LineBox): TextUnit[][] {
  const fitted = narrowEnough(units, box);
  const lines = greedyLines(fitted, box, box.maxWidth);
  if (lines.length < 2) return lines;
  let low = unitsWidth(fitted, box) / lines.length;
  let high = box.maxWidth;
  for (let step = 0; step < 12 && high - low > 1; step += 1) {
    const middle = (low + high) / 2;
    if (greedyLines(fitted, box, middle).length <= lines.length) high = middle;
    else low = middle;
  }
  return greedyLines(fitted, box, high);
}

/** `text` broken into lines no wider than the box. */
export function breakLines(text: string, box: LineBox): string[] {
  return balancedLines(textUnits(text), box).map((line) => joinUnits(line));
}

/**
 * `units` in `count` consecutive parts of about equal width, each boundary drawn to punctuation nearby (a quarter
 * of a part's width is worth one strong break).
 */
function splitUnits(units: readonly TextUnit[], count: number, box: LineBox): TextUnit[][] {
  const ends: number[] = [];
  let running = 0;
  for (const [i, unit] of units.entries()) {
    running += unitWidth(unit, box, i === 0);
    ends.push(running);
  }
  const part = running / count;
  const cuts: number[] = [0];
  for (let p = 1; p < count; p += 1) {
    let best = cuts.at(-1)! + 1;
    let bestCost = Infinity;
    for (let b = cuts.at(-1)! + 1; b <= units.length - (count - p); b += 1) {
      const cost = Math.abs(ends[b - 1]! - p * part) / part - 0.25 * (punctuationStrength(units[b - 1]!.text) / 3);
      if (cost < bestCost) {
        bestCost = cost;
        best = b;
      }
    }
    cuts.push(best);
  }
  cuts.push(units.length);
  return cuts.slice(1).map((end, i) => {
    const slice = units.slice(cuts[i], end);
    return slice.length > 0 ? [{ ...slice[0]!, spaceBefore: false }, ...slice.slice(1)] : slice;
  });
}

export interface CuePart {
  /** Share of the cue's time this part is shown for. */
  share: number;
  lines: string[];
  /** The original's lines under the translation (bilingual subtitles). */
  originalLines: string[];
}

interface LaidOutPart {
  lines: TextUnit[][];
  width: number;
}

/** The fewest consecutive parts of `units` that each fit in `maxLines` lines. */
function fewestParts(text: readonly TextUnit[], box: LineBox, maxLines: number): LaidOutPart[] {
  const units = narrowEnough(text, box);
  // No part holds more than `maxLines` full lines: fewer parts than that can never fit.
  const least = Math.ceil(unitsWidth(units, box) / (maxLines * box.maxWidth));
  for (let count = Math.max(1, Math.min(least, units.length)); ; count += 1) {
    const parts = splitUnits(units, count, box).map((part) => ({
      lines: balancedLines(part, box),
      width: unitsWidth(part, box),
    }));
    if (count >= units.length || parts.every((part) => part.lines.length <= maxLines)) return parts;
  }
}

/**
 * A cue's translation (and original, for bilingual subtitles) in as few consecutive parts as keep each language
 * within `maxLines` lines. The language that needs the most parts sets their number and times them by its widths;
 * the other shows each of its parts across a proportional run of them (a short translation stays on screen whole
 * while a long original runs under it).
 */
export function layoutCue(
  text: string,
  original: string | null,
  main: LineBox,
  second: LineBox | null,
  maxLines = 2,
): CuePart[] {
  const translation = fewestParts(textUnits(text), main, maxLines);
  const originals = original && second ? fewestParts(textUnits(original), second, maxLines) : [];
  const lead = originals.length > translation.length ? originals : translation;
  const total = lead.reduce((sum, part) => sum + part.width, 0);
  const linesAt = (parts: LaidOutPart[], i: number) =>
    (parts[Math.floor((i * parts.length) / lead.length)]?.lines ?? []).map((line) => joinUnits(line));
  return lead.map((part, i) => ({
    share: total > 0 ? part.width / total : 1 / lead.length,
    lines: linesAt(translation, i),
    originalLines: linesAt(originals, i),
  }));
}
