/** The one shape every subtitle step passes on (a cue in whole milliseconds) and the clock formats of the files. */

export interface Cue {
  startMs: number;
  endMs: number;
  /** Lines joined by `\n`; plain text, no markup. */
  text: string;
}

/** A subtitle file or list that cannot be used, with the reason in Chinese for the creator. */
export class SubtitleError extends Error {
  override name = 'SubtitleError';
}

const pad = (value: number, digits: number) => String(value).padStart(digits, '0');

/** `HH:MM:SS,mmm` (SRT). */
export function srtClock(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)},${pad(whole % 1000, 3)}`;
}

/** `H:MM:SS.cc` (ASS counts centiseconds). */
export function assClock(ms: number): string {
  const centis = Math.max(0, Math.round(ms / 10));
  const hours = Math.floor(centis / 360_000);
  const minutes = Math.floor(centis / 6000) % 60;
  const seconds = Math.floor(centis / 100) % 60;
  return `${hours}:${pad(minutes, 2)}:${pad(seconds, 2)}.${pad(centis % 100, 2)}`;
}
