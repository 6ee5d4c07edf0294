/**
 * Renders a mixed-cut timeline in one ffmpeg command: each clip read from its source with input seeking, brought to
 * one size, frame rate and sound format, concatenated, de-duplicated by the same graph as 批量去重, and optionally
 * watermarked last (drawtext with the CJK font; the text goes through a file so no character of it is ever parsed as
 * filter syntax).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DedupOption } from '@cc/contracts';
import { runFfmpegProcess } from '../../../providers/media/ffmpeg-process.js';
import type { VideoProbe } from '../../../providers/media/probe.js';
import { buildDedupFilterGraph, dedupParams } from './dedup.js';
import { encodeArgs, even, type VideoPreset } from './encode.js';

export interface TimelineInput {
  clips: { file: string; probe: VideoProbe; start: number; end: number }[];
  output: string;
  watermark?: string;
  dedup?: { options: DedupOption[]; seed: number; strength?: number };
  /** x264 preset (VIDEO_PRESET); `veryfast` when not given. */
  preset?: VideoPreset;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

const FPS = 30;
const LONG_SIDE = 1280;

/** Output size: the first clip's aspect with its long side at most 1280, even. */
export function timelineSize(first: Pick<VideoProbe, 'width' | 'height'>): { width: number; height: number } {
  const scale = Math.min(1, LONG_SIDE / Math.max(first.width, first.height));
  return { width: even(first.width * scale), height: even(first.height * scale) };
}

/**
 * Breaks a watermark into lines drawtext can show: drawtext does not wrap, and Chinese has no spaces to wrap at,
 * so lines are cut every `perLine` characters (counting a Latin character as half).
 */
export function wrapWatermark(text: string, perLine: number): string {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  for (const char of text) {
    const w = char.charCodeAt(0) <= 0xff ? 0.5 : 1;
    if (width + w > perLine && line) {
      lines.push(line);
      line = '';
      width = 0;
    }
    line += char;
    width += w;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

let cjkFont: string | null | undefined;
/** The Noto CJK font file (fontconfig), found once. */
export function cjkFontFile(): string | null {
  if (cjkFont !== undefined) return cjkFont;
  try {
    cjkFont = execFileSync('fc-match', ['Noto Sans CJK SC:style=Bold', '--format=%{file}']).toString().trim() || null;
  } catch {
    cjkFont = null;
  }
  return cjkFont;
}

/** Quotes a path for a filter option value. */
export const filterPath = (file: string) =>
  `'${file.replace(/\\/g, '\\\\').replace(/'/g, "'\\''").replace(/:/g, '\\:')}'`;

export function timelineFilter(
  input: TimelineInput,
  textFile: string | null,
): { graph: string; duration: number; hasAudio: true } {
  const { width, height } = timelineSize(input.clips[0]!.probe);
  const chains: string[] = [];
  input.clips.forEach((clip, i) => {
    const length = clip.end - clip.start;
    chains.push(
      `[${i}:v]scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
        `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=${FPS},format=yuv420p,` +
        `trim=duration=${length.toFixed(3)},setpts=PTS-STARTPTS[v${i}]`,
    );
    chains.push(
      clip.probe.hasAudio
        ? `[${i}:a]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo,` +
            `atrim=duration=${length.toFixed(3)},asetpts=PTS-STARTPTS,apad=whole_dur=${length.toFixed(3)}[a${i}]`
        : `anullsrc=r=44100:cl=stereo,atrim=duration=${length.toFixed(3)}[a${i}]`,
    );
  });
  const pairs = input.clips.map((_, i) => `[v${i}][a${i}]`).join('');
  chains.push(`${pairs}concat=n=${input.clips.length}:v=1:a=1[cv][ca]`);
  let video = '[cv]';
  let duration = input.clips.reduce((sum, clip) => sum + clip.end - clip.start, 0);
  if (input.dedup && input.dedup.options.length > 0) {
    const graph = buildDedupFilterGraph(
      { width, height, fps: FPS, duration, hasAudio: true },
      input.dedup.options,
      dedupParams(input.dedup.options, input.dedup.seed, input.dedup.strength),
      { video, audio: '[ca]' },
      '[dv]',
    );
    chains.push(graph.filterComplex);
    video = graph.videoOut;
    duration = graph.outputDuration;
  } else {
    chains.push(`[ca]anull[aout]`);
  }
  // The watermark is drawn last, on the finished picture: de-dup's flips and mirror blends never turn it around.
  if (textFile) {
    const font = cjkFontFile();
    chains.push(
      `${video}drawtext=textfile=${filterPath(textFile)}:expansion=none${font ? `:fontfile=${filterPath(font)}` : ''}:` +
        `fontsize=${Math.round(Math.min(width, height) / 16)}:fontcolor=white@0.75:borderw=2:bordercolor=black@0.5:` +
        `line_spacing=6:x=w-tw-${Math.round(width / 30)}:y=${Math.round(height / 20)}[vout]`,
    );
  } else {
    chains.push(`${video}null[vout]`);
  }
  return { graph: chains.join(';'), duration, hasAudio: true };
}

/** The whole ffmpeg command of a timeline (exported so its filter order can be checked argument by argument). */
export function timelineArgs(input: TimelineInput, textFile: string | null): { args: string[]; duration: number } {
  const { graph, duration } = timelineFilter(input, textFile);
  const inputs = input.clips.flatMap((clip) => [
    ...['-ss', clip.start.toFixed(3), '-t', (clip.end - clip.start + 0.5).toFixed(3), '-i', clip.file],
  ]);
  const args = [
    '-y',
    ...inputs,
    ...['-filter_complex', graph, '-map', '[vout]', '-map', '[aout]'],
    ...encodeArgs({ hasAudio: true, preset: input.preset }),
    // Never longer than the clips add up to (what was priced), whatever the sources' timestamps do.
    ...['-t', duration.toFixed(3)],
    input.output,
  ];
  return { args, duration };
}

export async function renderTimeline(input: TimelineInput): Promise<{ duration: number }> {
  if (input.clips.length === 0) throw new Error('时间线为空');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-timeline-'));
  try {
    let textFile: string | null = null;
    if (input.watermark?.trim()) {
      const { width, height } = timelineSize(input.clips[0]!.probe);
      textFile = path.join(dir, 'watermark.txt');
      await fs.writeFile(textFile, wrapWatermark(input.watermark.trim(), width < height ? 8 : 14));
    }
    const { args, duration } = timelineArgs(input, textFile);
    await runFfmpegProcess(args, {
      kind: 'render',
      mediaSeconds: duration,
      signal: input.signal,
      nice: 5,
      onProgress: (seconds) => input.onProgress?.(Math.min(1, seconds / duration)),
    });
    return { duration };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
