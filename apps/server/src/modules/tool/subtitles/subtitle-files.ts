/**
 * Reads SRT, WebVTT and ASS files into cues, and writes SRT. Our own parser rather than a library: the packages at
 * hand (`subtitle`, `srt-parser-2`, `ass-compiler`) answer a file of garbage with an empty or partial list instead
 * of a refusal, set no bound on a file's cues or a cue's text, read one format each, and `ass-compiler` keeps drawing
 * commands as text. A creator's upload is hostile until read: this reader bounds the bytes, the cues and each cue's
 * text, refuses what is not a subtitle file in Chinese (naming the line), and is tolerant of what real files do: a
 * BOM, UTF-16 or GB18030 text, CRLF, no final newline, `,` or `.` before the milliseconds, a missing hour, cue
 * numbers without a blank line before them, VTT headers, NOTE/STYLE/REGION blocks and cue settings, HTML-like tags,
 * and ASS override tags, drawings and `\N` breaks.
 */
import { type Cue, srtClock, SubtitleError } from './cue.js';

export type SubtitleFormat = 'srt' | 'vtt' | 'ass';

/** Bounds against hostile files: a two-hour film has about 2,000 cues and 200 KB of SRT. */
export const SUBTITLE_LIMITS = {
  maxBytes: 4 * 1024 * 1024,
  maxCues: 10_000,
  /** Characters of one cue's text once markup is gone. */
  maxCueText: 500,
  /** Cue times past this are a broken file, not a long film. */
  maxTimeMs: 24 * 3_600_000,
} as const;

export interface ParsedSubtitles {
  format: SubtitleFormat;
  /** Sorted by start, then end; empty cues dropped. */
  cues: Cue[];
}

/** Text of the file's bytes: UTF-8 (with or without BOM), UTF-16 with a BOM, or else GB18030 (older Chinese files). */
export function decodeSubtitleBytes(bytes: Uint8Array): string {
  if (bytes.length > SUBTITLE_LIMITS.maxBytes) {
    throw new SubtitleError(`字幕文件过大（超过 ${SUBTITLE_LIMITS.maxBytes / 1024 / 1024} MB）`);
  }
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('gb18030').decode(bytes);
    }
  }
  return text;
}

const TIMING =
  /^\s*((?:\d{1,3}:)?\d{1,2}:\d{1,2}(?:[.,]\d{1,3})?)\s*-->\s*((?:\d{1,3}:)?\d{1,2}:\d{1,2}(?:[.,]\d{1,3})?)(?:[ \t].*)?$/;
const CLOCK = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/;

/** Milliseconds of `[h:]mm:ss[.,fff]`; a fraction of fewer digits is a fraction (`.5` is 500 ms, ASS's `.25` 250). */
function clockMs(clock: string, line: number): number {
  const match = CLOCK.exec(clock.trim());
  if (!match) throw new SubtitleError(`第 ${line} 行时间格式不正确`);
  const [, h = '0', m = '0', s = '0', fraction = ''] = match;
  if (Number(m) > 59 || Number(s) > 59) throw new SubtitleError(`第 ${line} 行时间格式不正确`);
  const ms = (Number(h) * 3600 + Number(m) * 60 + Number(s)) * 1000 + Number(fraction.padEnd(3, '0'));
  if (ms > SUBTITLE_LIMITS.maxTimeMs) throw new SubtitleError(`第 ${line} 行时间超出范围`);
  return ms;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Control characters and direction overrides never reach a subtitle (they hide or reorder what is burned in). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Lines trimmed, inner runs of spaces made one, empty lines dropped. */
function tidy(text: string): string {
  return text
    .replace(/\t/g, ' ')
    .replace(UNSAFE_CHARACTERS, '')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

/** SRT and VTT payloads: `{\an8}`-style tags, ruby readings, HTML-like and VTT tags dropped, entities decoded. */
function plainCueText(text: string): string {
  // No run may cross the mark that opens the next tag: a long line of `{\` or `<a` costs linear time, not quadratic.
  const bare = text
    .replace(/\{\\[^{}\n]*\}/g, '')
    .replace(/<rt>[^<]*<\/rt>/gi, '')
    .replace(/<\/?(?:[a-z][^<>\n]*|\d[\d:.]*)>/gi, '')
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,5});/gi, (entity: string, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  return tidy(bare);
}

class CueList {
  readonly cues: Cue[] = [];

  /** `text` is plain already. */
  add(startMs: number, endMs: number, text: string, line: number): void {
    if (!text || endMs <= startMs) return;
    if (text.length > SUBTITLE_LIMITS.maxCueText) {
      throw new SubtitleError(`第 ${line} 行的字幕过长（超过 ${SUBTITLE_LIMITS.maxCueText} 字）`);
    }
    if (this.cues.length >= SUBTITLE_LIMITS.maxCues) {
      throw new SubtitleError(`字幕条数过多（超过 ${SUBTITLE_LIMITS.maxCues} 条）`);
    }
    this.cues.push({ startMs, endMs, text });
  }
}

/**
 * SRT and WebVTT, line by line: a timing line opens a cue, a blank line (or the next timing line) closes it. Lines
 * outside cues are cue numbers or identifiers, VTT metadata blocks, or junk: a file that is mostly junk is refused.
 */
function parseTimedBlocks(lines: string[], format: 'srt' | 'vtt'): Cue[] {
  const list = new CueList();
  let open: { startMs: number; endMs: number; text: string[]; line: number } | null = null;
  let skippingBlock = false;
  let junk = 0;
  let firstJunk = 0;
  const close = () => {
    if (open) list.add(open.startMs, open.endMs, plainCueText(open.text.join('\n')), open.line);
    open = null;
  };
  let i = 0;
  if (format === 'vtt') {
    // The header runs from `WEBVTT` to the first blank line (or a timing line, in a file that forgot the blank).
    while (lines[i]!.trim() === '') i += 1;
    i += 1;
    while (i < lines.length && lines[i]!.trim() !== '' && !TIMING.test(lines[i]!)) i += 1;
  }
  for (; i < lines.length; i += 1) {
    const line = lines[i]!;
    const lineNumber = i + 1;
    const timing = TIMING.exec(line);
    if (timing) {
      close();
      skippingBlock = false;
      open = {
        startMs: clockMs(timing[1]!, lineNumber),
        endMs: clockMs(timing[2]!, lineNumber),
        text: [],
        line: lineNumber,
      };
      continue;
    }
    const blank = line.trim() === '';
    const beforeTiming = i + 1 < lines.length && TIMING.test(lines[i + 1]!);
    if (open) {
      if (blank) close();
      // A cue number right above the next timing line, with no blank line in between, is not text.
      else if (!(beforeTiming && /^\s*\d+\s*$/.test(line))) open.text.push(line);
      continue;
    }
    if (blank) {
      skippingBlock = false;
      continue;
    }
    if (skippingBlock || beforeTiming) continue;
    if (format === 'vtt' && /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(line)) {
      skippingBlock = true;
      continue;
    }
    if (/^\s*\d+\s*$/.test(line)) continue;
    junk += 1;
    firstJunk ||= lineNumber;
  }
  close();
  if (junk > 3 && junk > list.cues.length) throw new SubtitleError(`字幕文件格式不正确（第 ${firstJunk} 行无法识别）`);
  return list.cues;
}

/** An ASS/SSA event's text without override blocks or drawings; `\N` a line break, `\n` and `\h` spaces. */
export function assPlainText(text: string): string {
  let out = '';
  let drawing = false;
  // Once no `}` follows, none follows any later `{` either: a line of unclosed braces is read once, not once a brace.
  let unclosed = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (char === '{' && !unclosed) {
      const end = text.indexOf('}', i + 1);
      unclosed = end < 0;
      if (end >= 0) {
        const block = text.slice(i + 1, end);
        // `\p1` and up switch to drawing commands (vector paths, not words) until `\p0`.
        for (const match of block.matchAll(/\\p(\d+)/g)) drawing = Number(match[1]) > 0;
        i = end;
        continue;
      }
    }
    if (char === '\\') {
      const next = text[i + 1];
      if (next === 'N' || next === 'n' || next === 'h' || next === '{' || next === '}' || next === '\u200b') {
        if (!drawing) out += next === 'N' ? '\n' : next === 'n' || next === 'h' ? ' ' : next === '\u200b' ? '\\' : next;
        i += 1;
        continue;
      }
    }
    if (!drawing) out += char;
  }
  return tidy(out);
}

/** Characters of one ASS event's text, override tags and drawings included. */
const MAX_ASS_EVENT = 100_000;

const DEFAULT_EVENT_FORMAT = [
  'layer',
  'start',
  'end',
  'style',
  'name',
  'marginl',
  'marginr',
  'marginv',
  'effect',
  'text',
];

/** The `Dialogue:` events of the `[Events]` section, read by its `Format:` line; comments and drawings left out. */
function parseAss(lines: string[]): Cue[] {
  const list = new CueList();
  let section = '';
  let format = DEFAULT_EVENT_FORMAT;
  let events = 0;
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    const heading = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (heading) {
      section = heading[1]!.trim().toLowerCase();
      return;
    }
    if (section !== 'events') return;
    const colon = line.indexOf(':');
    if (colon < 0) return;
    const kind = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1);
    if (kind === 'format') {
      format = value.split(',').map((field) => field.trim().toLowerCase());
      if (!format.includes('start') || !format.includes('end') || format.at(-1) !== 'text') {
        throw new SubtitleError(`第 ${i + 1} 行的 ASS 事件格式不正确`);
      }
      return;
    }
    if (kind !== 'dialogue') return;
    events += 1;
    // Text is the last field and may hold commas: split only as many times as there are fields before it.
    const fields: string[] = [];
    let rest = value;
    for (let f = 0; f < format.length - 1; f += 1) {
      const comma = rest.indexOf(',');
      if (comma < 0) throw new SubtitleError(`第 ${i + 1} 行的 ASS 字幕字段不全`);
      fields.push(rest.slice(0, comma).trim());
      rest = rest.slice(comma + 1);
    }
    fields.push(rest);
    // An event this long is a typesetter's drawing, never a line someone reads: passed over unread.
    if (rest.length > MAX_ASS_EVENT) return;
    const startMs = clockMs(fields[format.indexOf('start')]!, i + 1);
    const endMs = clockMs(fields[format.indexOf('end')]!, i + 1);
    const text = assPlainText(rest);
    // Typeset files repeat a line on several layers (glow, outline): one cue per start, end and text.
    const key = `${startMs}|${endMs}|${text}`;
    if (seen.has(key)) return;
    seen.add(key);
    list.add(startMs, endMs, text, i + 1);
  });
  if (events === 0) throw new SubtitleError('ASS 字幕中没有对白（Dialogue）');
  return list.cues;
}

/** Which format the text is, by its content (the file name of an upload proves nothing). */
export function detectSubtitleFormat(text: string): SubtitleFormat | null {
  const start = text.replace(/^\ufeff/, '').trimStart();
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(start)) return 'vtt';
  if (/^\[(?:Script Info|V4\+? Styles|Events)\]/im.test(start)) return 'ass';
  if (/^[^\n]*-->/m.test(start)) return 'srt';
  return null;
}

export function parseSubtitles(input: string | Uint8Array): ParsedSubtitles {
  const raw = typeof input === 'string' ? input : decodeSubtitleBytes(input);
  if (raw.length > SUBTITLE_LIMITS.maxBytes) {
    throw new SubtitleError(`字幕文件过大（超过 ${SUBTITLE_LIMITS.maxBytes / 1024 / 1024} MB）`);
  }
  if (raw.includes('\u0000')) throw new SubtitleError('不是文本字幕文件');
  const text = raw.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  const format = detectSubtitleFormat(text);
  if (!format) throw new SubtitleError('无法识别的字幕格式，请上传 SRT、VTT 或 ASS 字幕');
  const lines = text.split('\n');
  const cues = format === 'ass' ? parseAss(lines) : parseTimedBlocks(lines, format);
  if (cues.length === 0) throw new SubtitleError('字幕文件中没有可用的字幕');
  cues.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  return { format, cues };
}

/** SRT of the cues, numbered from 1, CRLF as most players expect, each cue's text on its own lines. */
export function writeSrt(cues: readonly Cue[]): string {
  return cues
    .map((cue, i) => {
      // A text line reading `-->` would open a cue of its own when the file is read again.
      const text = tidy(cue.text.replace(/\r\n?/g, '\n').replace(/-->/g, '->')) || ' ';
      return `${i + 1}\r\n${srtClock(cue.startMs)} --> ${srtClock(cue.endMs)}\r\n${text.replace(/\n/g, '\r\n')}\r\n`;
    })
    .join('\r\n');
}
