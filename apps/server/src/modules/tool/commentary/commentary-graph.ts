/**
 * The ffmpeg command of one narrated video, built as pure functions so every argument can be checked:
 * - picture: each fitted segment read with input seeking, brought to one size and 30 fps, played at its speed;
 *   a line's segments joined; with effects, a slow zoom or pan per line (`zoompan`, one output frame per input
 *   frame) and a short cross-fade between lines (`xfade`, each line but the last fitted that much longer so the
 *   timeline keeps its length); the narration's subtitles burned in last.
 * - sound: the spoken lines placed at their starts in one voice track; the music looped, turned down and ducked
 *   under the voice by a sidechain compressor keyed on it, mixed with it, and normalised to the loudness target
 *   (linear, from a measuring pass over the same sound graph). The episodes' own sound is not used: the narration
 *   speaks over the pictures.
 */
import {
  AUDIO_FORMAT,
  duckAndMixFilter,
  dubTrackFilter,
  loudnessMeasureFilter,
  loudnormFilter,
} from '../subtitles/audio-graph.js';
import type { LoudnessMeasurement } from '../subtitles/audio-graph.js';
import { burnSubtitlesFilter } from '../subtitles/video-graph.js';
import { encodeArgs, type VideoPreset } from '../video/encode.js';
import type { FittedSegment } from './fit-footage.js';

export const FPS = 30;
/** Cross-fade between lines when effects are on, seconds. */
export const TRANSITION_SECONDS = 0.4;
/** The music under the voice before ducking: about −14 dB. */
export const MUSIC_GAIN = 0.2;
/** How far the zoom goes over a line. */
const ZOOM = 0.08;

export type LineEffect = 'zoom_in' | 'zoom_out' | 'pan';
export const LINE_EFFECTS: readonly LineEffect[] = ['zoom_in', 'zoom_out', 'pan'];

export interface GraphLine {
  /** Output seconds of the line's picture (its narration slot, plus the transition when one follows). */
  segments: (FittedSegment & { file: string })[];
  /** The line's spoken audio file and where it sits on the output timeline. */
  speech: { file: string; startMs: number; endMs: number };
  effect?: LineEffect;
}

export interface CommentaryGraphInput {
  lines: GraphLine[];
  /** Output length, seconds: the narration slots added up. */
  duration: number;
  size: { width: number; height: number };
  assFile: string;
  fontsDir?: string;
  music: string | null;
  /** Cross-fades between lines (effects on). */
  transitions: boolean;
  loudness?: LoudnessMeasurement;
  preset?: VideoPreset;
  output: string;
}

const fixed = (value: number) => value.toFixed(3);
const figure = (value: number) => Number(value.toFixed(6)).toString();

/** Input arguments of the sound: the spoken lines, then the music looped for ever (cut by the graph). */
export function soundInputs(input: Pick<CommentaryGraphInput, 'lines' | 'music'>): string[] {
  return [
    ...input.lines.flatMap((line) => ['-i', line.speech.file]),
    ...(input.music ? ['-stream_loop', '-1', '-i', input.music] : []),
  ];
}

/** The sound graph up to `[mixed]`; its inputs start at `first`. */
export function soundGraph(input: Pick<CommentaryGraphInput, 'lines' | 'music' | 'duration'>, first: number): string {
  const durationMs = Math.round(input.duration * 1000);
  const voice = dubTrackFilter(
    input.lines.map((line, i) => ({ input: `[${first + i}:a]`, ...line.speech, atempo: 1 })),
    durationMs,
    '[voice]',
  );
  if (!input.music) return `${voice};[voice]anull[mixed]`;
  const musicInput = first + input.lines.length;
  return [
    voice,
    `[${musicInput}:a]${AUDIO_FORMAT},atrim=end=${fixed(input.duration)},asetpts=PTS-STARTPTS,` +
      `volume=${MUSIC_GAIN}[music]`,
    duckAndMixFilter('[music]', '[voice]', '[mixed]', 'duck'),
  ].join(';');
}

/** The measuring pass of loudnorm over the sound alone (to `-f null`). */
export function loudnessArgs(input: Pick<CommentaryGraphInput, 'lines' | 'music' | 'duration'>): string[] {
  return [
    '-y',
    ...soundInputs(input),
    '-filter_complex',
    `${soundGraph(input, 0)};[mixed]${loudnessMeasureFilter()}[aout]`,
    ...['-map', '[aout]', '-t', fixed(input.duration), '-f', 'null', '-'],
  ];
}

/** The zoompan of a line lasting `frames` frames at the output size. */
export function effectFilter(effect: LineEffect, frames: number, size: { width: number; height: number }): string {
  const progress = `min(on/${Math.max(1, frames)},1)`;
  const zoom = {
    zoom_in: `1+${ZOOM}*${progress}`,
    zoom_out: `${1 + ZOOM}-${ZOOM}*${progress}`,
    pan: `${1 + ZOOM}`,
  }[effect];
  const x = effect === 'pan' ? `(iw-iw/zoom)*${progress}` : 'iw/2-(iw/zoom/2)';
  return `zoompan=z='${zoom}':x='${x}':y='ih/2-(ih/zoom/2)':d=1:s=${size.width}x${size.height}:fps=${FPS}`;
}

/** Picture inputs: one per segment, read from a little before its end (input seeking). */
export function pictureInputs(lines: readonly GraphLine[]): string[] {
  return lines.flatMap((line) =>
    line.segments.flatMap((s) => ['-ss', fixed(s.start), '-t', fixed(s.end - s.start + 0.5), '-i', s.file]),
  );
}

/** The picture graph ending in `[vout]`. */
export function pictureGraph(input: CommentaryGraphInput): string {
  const { width, height } = input.size;
  const chains: string[] = [];
  let n = 0;
  const lineLabels = input.lines.map((line, li) => {
    const labels = line.segments.map((segment) => {
      const i = n;
      n += 1;
      const out = (segment.end - segment.start) / segment.speed;
      chains.push(
        `[${i}:v]scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
          `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${FPS},format=yuv420p,` +
          `trim=duration=${fixed(segment.end - segment.start)},setpts=(PTS-STARTPTS)/${figure(segment.speed)},` +
          `fps=${FPS},trim=duration=${fixed(out)},setpts=PTS-STARTPTS[s${i}]`,
      );
      return `[s${i}]`;
    });
    const seconds = line.segments.reduce((sum, s) => sum + (s.end - s.start) / s.speed, 0);
    const effect = line.effect ? `,${effectFilter(line.effect, Math.round(seconds * FPS), input.size)}` : '';
    chains.push(`${labels.join('')}concat=n=${labels.length}:v=1:a=0${effect},settb=1/${FPS}[l${li}]`);
    return { label: `[l${li}]`, seconds };
  });
  let video = lineLabels[0]!.label;
  if (input.transitions && lineLabels.length > 1) {
    let offset = 0;
    for (let i = 1; i < lineLabels.length; i += 1) {
      offset += lineLabels[i - 1]!.seconds - TRANSITION_SECONDS;
      const out = `[x${i}]`;
      chains.push(
        `${video}${lineLabels[i]!.label}xfade=transition=fade:duration=${TRANSITION_SECONDS}:offset=${fixed(offset)}${out}`,
      );
      video = out;
    }
  } else if (lineLabels.length > 1) {
    chains.push(`${lineLabels.map((l) => l.label).join('')}concat=n=${lineLabels.length}:v=1:a=0[joined]`);
    video = '[joined]';
  }
  chains.push(`${video}${burnSubtitlesFilter(input.assFile, input.fontsDir)},format=yuv420p[vout]`);
  return chains.join(';');
}

/** The whole render command. */
export function commentaryArgs(input: CommentaryGraphInput): string[] {
  const pictures = pictureInputs(input.lines);
  const segmentCount = input.lines.reduce((sum, line) => sum + line.segments.length, 0);
  const graph = [
    pictureGraph(input),
    soundGraph(input, segmentCount),
    `[mixed]${loudnormFilter(input.loudness)}[aout]`,
  ].join(';');
  return [
    '-y',
    ...pictures,
    ...soundInputs(input),
    ...['-filter_complex', graph, '-map', '[vout]', '-map', '[aout]'],
    ...encodeArgs({ hasAudio: true, preset: input.preset }),
    ...['-t', fixed(input.duration)],
    input.output,
  ];
}
