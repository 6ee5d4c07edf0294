/**
 * Times of the translation's subtitle list as a creator reads and types them: `mm:ss.mmm` (minutes past 59 stay
 * minutes, so an hour-long episode reads 75:03.250), and the rows of the editor turned back into cues.
 */
import { translateCueSchema, type TranslateCue } from '@cc/contracts';

/** `mm:ss.mmm` of a time in milliseconds. */
export function formatCueTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const minutes = Math.floor(whole / 60_000);
  const seconds = Math.floor((whole % 60_000) / 1000);
  const millis = whole % 1000;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`;
}

const TIME = /^(\d{1,3}):([0-5]?\d)(?:[.,](\d{1,3}))?$/;

/** Milliseconds of `mm:ss.mmm` (also `m:ss`, `mm:ss.5`, a comma for the point); null when it is not a time. */
export function parseCueTime(text: string): number | null {
  const match = TIME.exec(text.trim());
  if (!match) return null;
  const [, minutes, seconds, fraction = ''] = match;
  return Number(minutes) * 60_000 + Number(seconds) * 1000 + Number(fraction.padEnd(3, '0'));
}

/** One row of the editor: times as typed, the texts as edited. */
export interface CueRow {
  /** Stable for React across deletions. */
  key: number;
  start: string;
  end: string;
  text: string;
  translation: string;
}

export const TIME_FORMAT_ERROR = '时间格式应为 分:秒.毫秒，如 01:02.500';

export function cueRowsOf(cues: readonly TranslateCue[]): CueRow[] {
  return cues.map((cue, key) => ({
    key,
    start: formatCueTime(cue.start_ms),
    end: formatCueTime(cue.end_ms),
    text: cue.text,
    translation: cue.translation,
  }));
}

/** The cue a row stands for, or why it cannot be one (the contract's own Chinese message). */
export function cueOfRow(row: CueRow): { cue: TranslateCue } | { error: string } {
  const start = parseCueTime(row.start);
  const end = parseCueTime(row.end);
  if (start === null || end === null) return { error: TIME_FORMAT_ERROR };
  const parsed = translateCueSchema.safeParse({
    start_ms: start,
    end_ms: end,
    text: row.text,
    translation: row.translation,
  });
  return parsed.success ? { cue: parsed.data } : { error: parsed.error.issues[0]?.message ?? '字幕不正确' };
}

/** Every row as a cue, in time order, or the first row in error (1-based) and its reason. */
export function cuesOfRows(rows: readonly CueRow[]): { cues: TranslateCue[] } | { row: number; error: string } {
  const cues: TranslateCue[] = [];
  for (const [index, row] of rows.entries()) {
    const result = cueOfRow(row);
    if ('error' in result) return { row: index + 1, error: result.error };
    cues.push(result.cue);
  }
  return { cues: cues.sort((a, b) => a.start_ms - b.start_ms) };
}
