/**
 * Text cut into the smallest pieces a subtitle may be broken between: a CJK character, or a run of other characters
 * (an English word with its punctuation). Closing punctuation rides on the piece before it and opening punctuation on
 * the piece after it, so no break ever leaves `，。！？」）` at the start of a line or `「（《` at its end (kinsoku), and
 * no break falls inside an English word.
 */

export interface TextUnit {
  text: string;
  /** A space stands between this unit and the one before it. */
  spaceBefore: boolean;
}

/** Never at the start of a line. */
const CLOSING = new Set([...'，。！？、；：」』）》〉】〕〗〙〛”’…—～・·,.!?;:)]}%', '\u2026', '\uff5e']);
/** Never at the end of a line. */
const OPENING = new Set([...'「『（《〈【〔〖〘〚“‘([{']);
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

export const isCjk = (char: string) => CJK.test(char);
export const isClosing = (char: string) => CLOSING.has(char);
export const isOpening = (char: string) => OPENING.has(char);

/** Pieces of `text`; whitespace (line breaks included) only separates them. */
export function textUnits(text: string): TextUnit[] {
  const units: TextUnit[] = [];
  let run = '';
  let open = '';
  /** What separated this piece from the last: a line break between two CJK characters is no space in the text. */
  let gap: 'none' | 'newline' | 'space' = 'none';
  const push = (piece: string) => {
    const previous = units.at(-1);
    const joined =
      gap === 'newline' && previous && isCjk([...previous.text].at(-1) ?? '') && isCjk([...piece][0] ?? '');
    units.push({ text: piece, spaceBefore: gap !== 'none' && !!previous && !joined });
    gap = 'none';
  };
  const flushRun = () => {
    if (!run) return;
    push(run);
    run = '';
  };
  for (const char of text) {
    if (/\s/u.test(char)) {
      flushRun();
      if (open) {
        push(open);
        open = '';
      }
      if (char !== '\n' || gap === 'none') gap = char === '\n' ? 'newline' : 'space';
      continue;
    }
    if (isClosing(char)) {
      if (run) run += char;
      else if (open) open += char;
      else if (units.length > 0 && gap === 'none') units[units.length - 1]!.text += char;
      else run = char;
      continue;
    }
    if (isCjk(char) && !isOpening(char)) {
      flushRun();
      push(open + char);
      open = '';
      continue;
    }
    if (isOpening(char) && (isCjk(char) || !run)) {
      flushRun();
      open += char;
      continue;
    }
    run += open + char;
    open = '';
  }
  flushRun();
  if (open) push(open);
  return units;
}

/**
 * A space between two pieces from different sources (recognised words, cues joined into one sentence) when the
 * source gave one or both sides are not CJK: `the` + `store`, never `你` + `好`.
 */
export function spaceBetween(before: string, after: string, given: boolean): boolean {
  const last = [...before].at(-1) ?? '';
  const first = [...after][0] ?? '';
  if (!last || !first) return false;
  return given || (!isCjk(last) && !isCjk(first) && !isClosing(first));
}

/** The units as text again. */
export function joinUnits(units: readonly TextUnit[]): string {
  return units.map((unit, i) => (i > 0 && unit.spaceBefore ? ` ${unit.text}` : unit.text)).join('');
}

/** Characters of `text` (code points). */
export const charCount = (text: string) => [...text].length;

/** The unit ends a sentence: `。！？!?…` or a `.` that is not an abbreviation or an initial. */
export function endsSentence(unit: string): boolean {
  const bare = unit.replace(/[”’」』）)"'\]]+$/u, '');
  if (/[。！？!?…]$/u.test(bare)) return true;
  if (!bare.endsWith('.')) return false;
  const word = bare.toLowerCase();
  return !ABBREVIATIONS.has(word) && !/^[a-z]\.$/u.test(word) && !/^(?:[a-z]\.){2,}$/u.test(word);
}

const ABBREVIATIONS = new Set(['mr.', 'mrs.', 'ms.', 'dr.', 'st.', 'vs.', 'jr.', 'sr.', 'prof.', 'no.', 'mt.']);

/** How good a break after this unit is: 3 at the end of a sentence or clause, 2 after a comma or colon, else 0. */
export function punctuationStrength(unit: string): number {
  if (endsSentence(unit) || /[；;]$/u.test(unit)) return 3;
  if (/[，,、：:—]$/u.test(unit.replace(/[”’」』）)"']+$/u, ''))) return 2;
  return 0;
}
