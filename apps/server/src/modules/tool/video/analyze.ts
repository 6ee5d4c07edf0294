/**
 * Analysis for the mixed cut, in ONE decode pass over a 160 px wide picture: shot boundaries and
 * motion (`scdet`: its cut times and its mean absolute frame difference), black and frozen stretches, momentary
 * loudness (`ebur128`), speech presence (`silencedetect`), and a dHash fingerprint twice a second for repeats across
 * episodes. The decoder skips the deblocking filter: at 160 px its work cannot be seen, and it is a good share of
 * the decode. The result is per second, compact and JSON, kept once per medium.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runFfmpegProcess } from '../../../providers/media/ffmpeg-process.js';
import { probeVideo } from '../../../providers/media/probe.js';
import { fingerprintFrames } from './fingerprint.js';

export const ANALYSIS_HASH_FPS = 2;

export interface MediaAnalysis {
  /** 2 adds `black`; a version 1 analysis counts every dead second as black. */
  version: 1 | 2;
  /** Seconds. */
  duration: number;
  /** Shot boundaries (seconds), ascending, without 0. */
  cuts: number[];
  /** Per second: mean motion (scdet's frame difference), mean momentary loudness (LUFS, -70 for silence), speech 0/1, dead 0/1. */
  motion: number[];
  loudness: number[];
  speech: number[];
  /** 1 where the picture is black or frozen. */
  dead: number[];
  /** 1 where the picture is black: never shown, whereas a frozen picture is still material (a still over dialogue). */
  black?: number[];
  /** Per second: the highlight score 0–1 (see `scoreSeconds`). */
  score: number[];
  /** dHash per half second, hex, for recap and opening detection across episodes. */
  hashes: string[];
}

/** Reads `metadata=print` output: pts_time lines followed by key=value lines. */
export function parseMetadataPrint(text: string, key: string): { time: number; value: number }[] {
  const points: { time: number; value: number }[] = [];
  let time = 0;
  for (const line of text.split('\n')) {
    const at = /pts_time:([\d.]+)/.exec(line);
    if (at) {
      time = Number(at[1]);
      continue;
    }
    if (line.startsWith(`${key}=`)) {
      const value = Number(line.slice(key.length + 1));
      if (Number.isFinite(value)) points.push({ time, value });
    }
  }
  return points;
}

/** Intervals from ffmpeg's `<name>_start: t` / `<name>_end: t` log lines. */
export function parseIntervals(lines: string[], start: RegExp, end: RegExp, duration: number): [number, number][] {
  const intervals: [number, number][] = [];
  let open: number | null = null;
  for (const line of lines) {
    const s = start.exec(line);
    if (s) open = Number(s[1]);
    const e = end.exec(line);
    if (e && open !== null) {
      intervals.push([open, Number(e[1])]);
      open = null;
    }
  }
  if (open !== null) intervals.push([open, duration]);
  return intervals;
}

function perSecond(points: { time: number; value: number }[], seconds: number, empty: number): number[] {
  const sums = new Array<number>(seconds).fill(0);
  const counts = new Array<number>(seconds).fill(0);
  for (const { time, value } of points) {
    const i = Math.min(seconds - 1, Math.max(0, Math.floor(time)));
    sums[i]! += value;
    counts[i]! += 1;
  }
  return sums.map((sum, i) => (counts[i] ? round(sum / counts[i]!) : empty));
}

function coverage(intervals: [number, number][], seconds: number, minShare: number): number[] {
  return Array.from({ length: seconds }, (_, i) => {
    const covered = intervals.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, i + 1) - Math.max(a, i)), 0);
    return covered >= minShare ? 1 : 0;
  });
}

const round = (value: number) => Math.round(value * 100) / 100;

/** Rank of each value among all (0–1), so that every signal counts on the same scale whatever its unit. */
function ranks(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const n = Math.max(1, values.length - 1);
  return values.map((value) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo / n;
  });
}

/** A frozen second keeps this share of its score: still material that can fill a cut when nothing better is left. */
const FROZEN_SHARE = 0.2;

/**
 * Highlight score per second: 0.3 motion + 0.25 loudness + 0.2 loudness jump (against the 3 s before) + 0.15 shot
 * density (cuts within ±2 s) + 0.1 speech, each ranked within the medium; black seconds score 0 and frozen ones a
 * fifth of their score.
 */
export function scoreSeconds(
  a: Pick<MediaAnalysis, 'motion' | 'loudness' | 'speech' | 'dead' | 'cuts' | 'black'>,
): number[] {
  const n = a.motion.length;
  const jumps = a.loudness.map((value, i) => {
    const before = a.loudness.slice(Math.max(0, i - 3), i);
    return before.length ? Math.max(0, value - Math.max(...before)) : 0;
  });
  const density = Array.from({ length: n }, (_, i) => a.cuts.filter((t) => Math.abs(t - (i + 0.5)) <= 2).length);
  const [motion, loud, jump, dense] = [ranks(a.motion), ranks(a.loudness), ranks(jumps), ranks(density)];
  const black = a.black ?? a.dead;
  return Array.from({ length: n }, (_, i) => {
    if (black[i]) return 0;
    const score = 0.3 * motion[i]! + 0.25 * loud[i]! + 0.2 * jump[i]! + 0.15 * dense[i]! + 0.1 * (a.speech[i] ?? 0);
    return round(a.dead[i] ? score * FROZEN_SHARE : score);
  });
}

export async function analyzeVideo(
  file: string,
  options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<MediaAnalysis> {
  const probe = await probeVideo(file);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-analyze-'));
  const files = {
    frames: path.join(dir, 'frames.txt'),
    loudness: path.join(dir, 'loudness.txt'),
    hashes: path.join(dir, 'hashes.raw'),
  };
  const lines: string[] = [];
  try {
    const video =
      `[0:v]scale=160:-2:flags=fast_bilinear,scdet=threshold=10,` +
      `blackdetect=d=0.5:pix_th=0.1,freezedetect=n=0.003:d=1.5,metadata=mode=print:file=${files.frames},` +
      `fps=${ANALYSIS_HASH_FPS},scale=9:8:flags=area,format=gray[vh]`;
    const audio =
      `[0:a]ebur128=metadata=1:framelog=verbose,silencedetect=n=-38dB:d=0.5,` +
      `ametadata=mode=print:key=lavfi.r128.M:file=${files.loudness}[ao]`;
    await runFfmpegProcess(
      [
        ...['-loglevel', 'info', '-y', '-skip_loop_filter', 'all', '-flags2', '+fast', '-i', file],
        ...['-filter_complex', probe.hasAudio ? `${video};${audio}` : video],
        ...['-map', '[vh]', '-f', 'rawvideo', files.hashes],
        ...(probe.hasAudio ? ['-map', '[ao]', '-f', 'null', '-'] : []),
      ],
      {
        kind: 'analysis',
        mediaSeconds: probe.duration,
        signal: options.signal,
        nice: 5,
        onStderrLine: (line) => {
          if (/black_start|freeze_(start|end)|silence_(start|end)/.test(line)) lines.push(line);
        },
        onProgress: (seconds) => options.onProgress?.(Math.min(1, seconds / probe.duration)),
      },
    );
    const seconds = Math.max(1, Math.ceil(probe.duration - 0.1));
    const read = (name: keyof typeof files) => fs.readFile(files[name], 'utf8').catch(() => '');
    const perFrame = await read('frames');
    const cuts = parseMetadataPrint(perFrame, 'lavfi.scd.time').map((p) => round(p.value));
    const motion = perSecond(parseMetadataPrint(perFrame, 'lavfi.scd.mafd'), seconds, 0);
    const loudness = probe.hasAudio
      ? perSecond(
          parseMetadataPrint(await read('loudness'), 'lavfi.r128.M').map((p) => ({
            time: p.time,
            value: Math.max(-70, p.value),
          })),
          seconds,
          -70,
        )
      : new Array<number>(seconds).fill(-70);
    const silence = parseIntervals(lines, /silence_start: ([\d.]+)/, /silence_end: ([\d.]+)/, probe.duration);
    const speech = probe.hasAudio
      ? coverage(silence, seconds, 0.5).map((silent) => 1 - silent)
      : new Array<number>(seconds).fill(0);
    const black = lines
      .map((line) => /black_start:([\d.]+) black_end:([\d.]+)/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m): [number, number] => [Number(m[1]), Number(m[2])]);
    const frozen = parseIntervals(lines, /freeze_start: ([\d.]+)/, /freeze_end: ([\d.]+)/, probe.duration);
    const dead = coverage([...black, ...frozen], seconds, 0.6);
    const blackSeconds = coverage(black, seconds, 0.6);
    const { frames } = fingerprintFrames(new Uint8Array(await fs.readFile(files.hashes)));
    const base = { cuts, motion, loudness, speech, dead, black: blackSeconds };
    return {
      version: 2,
      duration: round(probe.duration),
      ...base,
      score: scoreSeconds(base),
      hashes: frames.map((hash) => hash.toString(16).padStart(16, '0')),
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
