/**
 * One run of 字幕翻译, per source video: the cues (the reviewed list, the list made for review, or made now), then
 * with dubbing each translated line spoken, fitted to its slot and laid on a track that ducks the original and is
 * normalised in two passes; the ASS written for the video's own size (bilingual as a second style); the picture
 * retimed where a line needed it, the source's own subtitles blurred when asked, ours burned in. Outputs: the video
 * and the SRT and ASS files, all in the library.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { TranslateConfig, TranslateCue } from '@cc/contracts';
import type { AiProviders } from '../../../providers/ai/ai-providers.js';
import { runFfmpegProcess, runMediaProcess } from '../../../providers/media/ffmpeg-process.js';
import { probeVideo, type VideoProbe } from '../../../providers/media/probe.js';
import type { AiUsageLog } from '../ai-usage.js';
import { writeAss, type SubtitleCue } from '../subtitles/ass-write.js';
import { parseLoudnessMeasurement } from '../subtitles/audio-graph.js';
import { fitDub, type DubPlan } from '../subtitles/dub-fit.js';
import { translateLoudnessGraph, translateRenderGraph, type TranslateRenderInput } from '../subtitles/render-graph.js';
import { trimSpeech } from '../subtitles/speech-trim.js';
import { writeSrt } from '../subtitles/subtitle-files.js';
import type { BlurBand } from '../subtitles/video-graph.js';
import type { ToolMediaLibrary } from '../tool-media.js';
import type { ToolJobRow } from '../tool.repository.js';
import type { ToolJobOutputRow } from '../tool.service.js';
import { encodeArgs, type VideoPreset } from '../video/encode.js';
import type { TranslateService } from './translate.service.js';

export interface TranslateRenderDeps {
  media: ToolMediaLibrary;
  translate: TranslateService;
  ai: Pick<AiProviders, 'speak' | 'defaultVoice'>;
  usage: AiUsageLog;
  videoPreset: VideoPreset;
}

/** How the runner hears of the run: fractions of the whole job, stages and log lines in Chinese. */
export interface RunProgress {
  set(fraction: number, stage?: string): void;
  log(line: string): void;
}

interface RenderContext {
  row: Pick<ToolJobRow, 'id' | 'agent_id' | 'agent_seq'>;
  config: TranslateConfig;
  workDir: string;
  signal: AbortSignal;
  /** Where this source's share of the progress starts and how large it is. */
  at: (fraction: number) => number;
  progress: RunProgress;
}

/** The band over the source's own subtitles: `cover_band` gives its centre and height in percent. */
export function coverBandOf(config: Pick<TranslateConfig, 'cover_band'>): BlurBand | null {
  if (!config.cover_band) return null;
  const { y, height } = config.cover_band;
  return { topPercent: Math.max(0, y - height / 2), heightPercent: height };
}

/** The cues as the subtitles show them: the translation, with the original under it in bilingual subtitles. */
export function subtitleCuesOf(cues: readonly TranslateCue[]): SubtitleCue[] {
  return [...cues]
    .sort((a, b) => a.start_ms - b.start_ms)
    .map((cue) => ({
      startMs: cue.start_ms,
      endMs: cue.end_ms,
      text: cue.translation || cue.text,
      original: cue.text,
    }));
}

/** The SRT beside the video: the translation, and the original on a second line when bilingual. */
export function srtCuesOf(cues: readonly SubtitleCue[], bilingual: boolean) {
  return cues.map((cue) => ({
    startMs: cue.startMs,
    endMs: cue.endMs,
    text: bilingual && cue.original && cue.original !== cue.text ? `${cue.text}\n${cue.original}` : cue.text,
  }));
}

const baseName = (name: string) => name.replace(/\.[^.]+$/, '').slice(0, 60) || '视频';

export async function renderTranslation(
  deps: TranslateRenderDeps,
  row: Pick<ToolJobRow, 'id' | 'agent_id' | 'agent_seq' | 'media_ids' | 'config'>,
  workDir: string,
  signal: AbortSignal,
  progress: RunProgress,
): Promise<ToolJobOutputRow[]> {
  const config = JSON.parse(row.config) as TranslateConfig;
  const sources = await deps.media.requireReady(row.agent_id, JSON.parse(row.media_ids) as number[]);
  const outputs: ToolJobOutputRow[] = [];
  for (const [n, source] of sources.entries()) {
    const label = sources.length > 1 ? ` 第 ${n + 1}/${sources.length} 个` : '';
    const at = (fraction: number) => (n + fraction) / sources.length;
    const made = await deps.translate.cuesForRun(row.agent_id, source.id, config, {
      toolJobId: row.id,
      signal,
      onProgress: (fraction, stage) => progress.set(at(fraction * 0.3), stage && `${stage}${label}`),
    });
    progress.log(
      `字幕${label} ${made.cues.length} 句${made.origin ? `（来自${ORIGIN_TEXT[made.origin]}）` : '（已校对）'}`,
    );
    const context: RenderContext = { row, config, workDir: path.join(workDir, `s${n}`), signal, at, progress };
    await fs.mkdir(context.workDir, { recursive: true });
    const files = await deps.media.withLocalFile(row.agent_id, source.id, (file) =>
      renderOne(deps, context, file, subtitleCuesOf(made.cues), label),
    );
    const stem = `${baseName(source.name)}_翻译_任务${row.agent_seq}${label ? `_${n + 1}` : ''}`;
    const add = (file: string, name: string, type: 'video' | 'subtitle') =>
      deps.media.addOutput(row.agent_id, { file, name, jobId: String(row.id), type });
    outputs.push({ media_id: await add(files.video, `${stem}.mp4`, 'video'), source_media_id: source.id });
    for (const format of ['srt', 'ass'] as const) {
      const mediaId = await add(files[format], `${stem}.${format}`, 'subtitle');
      outputs.push({ media_id: mediaId, source_media_id: source.id, subtitle_format: format });
    }
    progress.log(`成片${label}完成`);
  }
  return outputs;
}

const ORIGIN_TEXT = { uploaded: '上传的字幕文件', embedded: '视频自带字幕', recognised: '语音识别' } as const;

async function renderOne(
  deps: TranslateRenderDeps,
  context: RenderContext,
  file: string,
  cues: SubtitleCue[],
  label: string,
): Promise<{ video: string; srt: string; ass: string }> {
  const { config, workDir, signal, at, progress } = context;
  const probe = await probeVideo(file);
  let shown = cues;
  let dub: { plan: DubPlan<SubtitleCue>; lineFiles: string[] } | null = null;
  if (config.need_speech_translate) {
    progress.set(at(0.3), `生成配音${label}`);
    dub = await dubLines(deps, context, cues, probe);
    shown = dub.plan.cues;
  }
  const files = {
    video: path.join(workDir, 'translated.mp4'),
    srt: path.join(workDir, 'translated.srt'),
    ass: path.join(workDir, 'translated.ass'),
  };
  await fs.writeFile(files.ass, writeAss(shown, config, probe), 'utf8');
  await fs.writeFile(files.srt, writeSrt(srtCuesOf(shown, config.subtitle_type === 'double')), 'utf8');

  const input: TranslateRenderInput = {
    source: probe,
    assFile: files.ass,
    blurBand: coverBandOf(config),
    dub: dub && { plan: dub.plan, lineInputs: dub.lineFiles.map((_, i) => `[${i + 1}:a]`) },
  };
  const inputs = ['-i', file, ...(dub?.lineFiles.flatMap((line) => ['-i', line]) ?? [])];
  const seconds = (dub ? dub.plan.durationMs / 1000 : probe.duration) || probe.duration;
  const options = { kind: 'render' as const, mediaSeconds: seconds, audioInputs: true, signal };
  const measuring = translateLoudnessGraph(input);
  if (measuring && input.dub) {
    progress.set(at(0.55), `调整响度${label}`);
    const { stderrTail } = await runFfmpegProcess(
      ['-y', '-hide_banner', ...inputs, '-filter_complex', measuring, '-map', '[aout]', '-f', 'null', '-'],
      options,
    );
    const loudness = parseLoudnessMeasurement(stderrTail);
    if (loudness) input.dub = { ...input.dub, loudness };
  }
  progress.set(at(0.6), `渲染视频${label}`);
  const graph = translateRenderGraph(input);
  await runFfmpegProcess(
    [
      ...['-y', '-v', 'error', ...inputs, '-filter_complex', graph.filterComplex, '-map', graph.videoOut],
      ...(graph.audioOut ? ['-map', graph.audioOut] : []),
      ...encodeArgs({ hasAudio: graph.audioOut !== null, preset: deps.videoPreset }),
      files.video,
    ],
    { ...options, onProgress: (out) => progress.set(at(0.6 + 0.4 * Math.min(1, out / seconds))) },
  );
  return files;
}

/**
 * Speaks each translated line, measures it and fits the lines to their cues. Every cue is spoken (a cue without a
 * translation speaks its text); the plan's cues are the subtitles on the output's clock.
 */
async function dubLines(
  deps: TranslateRenderDeps,
  context: RenderContext,
  cues: readonly SubtitleCue[],
  probe: VideoProbe,
): Promise<{ plan: DubPlan<SubtitleCue>; lineFiles: string[] }> {
  const { config, workDir, signal, at, progress, row } = context;
  const voice = config.speech_voice ?? deps.ai.defaultVoice(config.target_language);
  const lineFiles: string[] = [];
  const speechMs: number[] = [];
  for (const [i, cue] of cues.entries()) {
    const spoken = path.join(workDir, `spoken-${i}.wav`);
    const out = path.join(workDir, `line-${i}.wav`);
    await deps.usage.track({ agentId: row.agent_id, toolJobId: row.id }, () =>
      deps.ai.speak({ text: cue.text, voice, format: 'wav', out: spoken, signal }),
    );
    // The voice's own lead-in cut, so the words start on the cue.
    await trimSpeech(spoken, out, signal);
    lineFiles.push(out);
    speechMs.push(await audioMs(out, signal));
    progress.set(at(0.3 + (0.25 * (i + 1)) / cues.length));
  }
  const plan = fitDub(cues, speechMs, { videoDurationMs: Math.round(probe.duration * 1000) });
  const slowed = plan.segments.filter((segment) => segment.stretch > 1).length;
  progress.log(
    `配音 ${cues.length} 句（音色 ${voice}）${slowed > 0 ? `，${slowed} 处放慢画面以容纳配音` : ''}，成片 ${(plan.durationMs / 1000).toFixed(1)} 秒`,
  );
  return { plan, lineFiles };
}

/** Milliseconds of a speech file, as ffprobe reads its container. */
async function audioMs(file: string, signal: AbortSignal): Promise<number> {
  const { stdout } = await runMediaProcess(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file],
    { kind: 'probe', audioInputs: true, signal },
  );
  const seconds = Number(stdout.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`no duration for ${file}`);
  return Math.round(seconds * 1000);
}
