/**
 * Renders one narrated video from spoken lines: each line's slot is its speech plus a short pause, the footage of
 * its shots is fitted to the slot, the text is written as ASS at the chosen height, and the sound is measured once
 * (loudnorm's first pass) before the render normalises it linearly. Music is a file or none: the caller (the job,
 * or a test with a generated track) supplies it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { translateConfigSchema, type ScriptClip } from '@cc/contracts';
import { runFfmpegProcess, runMediaProcess } from '../../../providers/media/ffmpeg-process.js';
import type { VideoProbe } from '../../../providers/media/probe.js';
import { parseLoudnessMeasurement } from '../subtitles/audio-graph.js';
import { writeAss } from '../subtitles/ass-write.js';
import type { Cue } from '../subtitles/cue.js';
import type { VideoPreset } from '../video/encode.js';
import { timelineSize } from '../video/render-timeline.js';
import { seededRandom } from '../video/seeded-random.js';
import {
  commentaryArgs,
  LINE_EFFECTS,
  loudnessArgs,
  TRANSITION_SECONDS,
  type CommentaryGraphInput,
  type GraphLine,
} from './commentary-graph.js';
import { fitLine } from './fit-footage.js';

/** Silence after each spoken line before the next, seconds. */
export const LINE_PAUSE_SECONDS = 0.35;

export interface SpokenLine {
  text: string;
  clips: ScriptClip[];
  speechFile: string;
  /** Length of the speech, seconds. */
  speechSeconds: number;
}

export interface CommentaryRenderInput {
  lines: SpokenLine[];
  sources: ReadonlyMap<number, { file: string; probe: VideoProbe }>;
  music: string | null;
  /** Percent of the height, from the top, where the subtitle's bottom edge sits. */
  subtitlePosY: number;
  /** Zoom/pan per line and cross-fades, chosen by the seed; null for none. */
  effects: { seed: number } | null;
  output: string;
  workDir: string;
  fontsDir?: string;
  preset?: VideoPreset;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export interface CommentaryPlan {
  graph: Omit<CommentaryGraphInput, 'assFile' | 'loudness'>;
  cues: Cue[];
}

/** The timeline of the narrated video: slots, fitted footage, effects and subtitle cues (pure). */
export function planCommentary(
  input: Omit<CommentaryRenderInput, 'workDir' | 'signal' | 'onProgress'>,
): CommentaryPlan {
  const first = input.sources.get(input.lines[0]!.clips[0]!.media_id);
  if (!first) throw new Error('the first shot has no source');
  const size = timelineSize(first.probe);
  const durations = new Map([...input.sources].map(([id, s]) => [id, s.probe.duration]));
  const random = input.effects ? seededRandom(input.effects.seed) : null;
  const transitions = input.effects !== null && input.lines.length > 1;
  const cues: Cue[] = [];
  let at = 0;
  const lines: GraphLine[] = input.lines.map((line, i) => {
    const slot = line.speechSeconds + LINE_PAUSE_SECONDS;
    const picture = slot + (transitions && i < input.lines.length - 1 ? TRANSITION_SECONDS : 0);
    const segments = fitLine(line.clips, picture, durations).map((segment) => ({
      ...segment,
      file: input.sources.get(segment.mediaId)!.file,
    }));
    const startMs = Math.round(at * 1000);
    const endMs = Math.round((at + line.speechSeconds) * 1000);
    cues.push({ startMs, endMs, text: line.text });
    at += slot;
    return {
      segments,
      speech: { file: line.speechFile, startMs, endMs },
      ...(random && { effect: random.pick(LINE_EFFECTS) }),
    };
  });
  return {
    graph: {
      lines,
      duration: Math.round(at * 1000) / 1000,
      size,
      music: input.music,
      transitions,
      fontsDir: input.fontsDir,
      preset: input.preset,
      output: input.output,
    },
    cues,
  };
}

/** The narration's subtitles as ASS: one style, no original line, bottom edge at `posY` percent of the height. */
export function narrationAss(cues: readonly Cue[], posY: number, size: { width: number; height: number }): string {
  const config = translateConfigSchema.parse({
    source_language: 'en',
    target_language: 'zh',
    subtitle_type: 'single',
    subtitle_y: posY,
  });
  return writeAss(cues, config, size);
}

/** Seconds of an audio file (a spoken line). */
export async function audioSeconds(file: string, signal?: AbortSignal): Promise<number> {
  const { stdout } = await runMediaProcess(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'json', file],
    { kind: 'probe', audioInputs: true, signal },
  );
  const seconds = Number((JSON.parse(stdout) as { format?: { duration?: string } }).format?.duration);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error('配音生成失败：音频为空');
  return seconds;
}

export async function renderCommentary(input: CommentaryRenderInput): Promise<{ duration: number; cues: Cue[] }> {
  if (input.lines.length === 0) throw new Error('解说文案为空');
  const { graph, cues } = planCommentary(input);
  const assFile = path.join(input.workDir, `narration-${path.basename(input.output)}.ass`);
  await fs.writeFile(assFile, narrationAss(cues, input.subtitlePosY, graph.size));
  const measured = await runFfmpegProcess(loudnessArgs(graph), {
    kind: 'render',
    mediaSeconds: graph.duration,
    audioInputs: true,
    signal: input.signal,
    nice: 5,
  });
  const loudness = parseLoudnessMeasurement(measured.stderrTail) ?? undefined;
  input.onProgress?.(0.1);
  await runFfmpegProcess(commentaryArgs({ ...graph, assFile, loudness }), {
    kind: 'render',
    mediaSeconds: graph.duration,
    audioInputs: true,
    signal: input.signal,
    nice: 5,
    onProgress: (seconds) => input.onProgress?.(0.1 + 0.9 * Math.min(1, seconds / graph.duration)),
  });
  return { duration: graph.duration, cues };
}
