/**
 * One 影视解说 run inside the tool runner: the script (reviewed, from history, or written now), every line spoken
 * once, then each variant rendered — its own music track of the style, its own order of secondary shots and its
 * own effects — and moved into the library.
 */
import path from 'node:path';
import {
  SPEECH_STYLE_LABELS,
  TOOL_LABELS,
  type CommentaryConfig,
  type MusicStyle,
  type ScriptLine,
} from '@cc/contracts';
import type { AiProviders } from '../../../providers/ai/ai-providers.js';
import { probeVideo, type VideoProbe } from '../../../providers/media/probe.js';
import type { AiUsageLog } from '../ai-usage.js';
import { baseName, withLocalFiles } from '../local-files.js';
import type { ToolMediaLibrary } from '../tool-media.js';
import type { ToolJobRow } from '../tool.repository.js';
import type { VideoPreset } from '../video/encode.js';
import type { CommentaryService } from './commentary.service.js';
import { audioSeconds, renderCommentary, type SpokenLine } from './commentary-render.js';
import { variantClips } from './fit-footage.js';
import { trimSpeech } from '../subtitles/speech-trim.js';

export interface RunProgress {
  set(fraction: number, stage?: string): void;
  log(line: string): void;
}

export interface CommentaryRunDeps {
  commentary: CommentaryService;
  media: ToolMediaLibrary;
  ai: Pick<AiProviders, 'speak'>;
  aiUsage: AiUsageLog;
  preset: VideoPreset;
  seedOf(text: string): number;
}

export interface CommentaryOutput {
  media_id: number;
  script_index: number;
}

const SCRIPT_END = 0.2;
const SPEECH_END = 0.35;

export async function runCommentary(
  row: ToolJobRow,
  deps: CommentaryRunDeps,
  run: {
    workDir: string;
    signal: AbortSignal;
    progress: RunProgress;
    expectAtMost(file: string, seconds: number): Promise<void>;
  },
): Promise<CommentaryOutput[]> {
  const { commentary, media } = deps;
  const { workDir, signal, progress } = run;
  const agentId = Number(row.agent_id);
  const config = JSON.parse(row.config) as CommentaryConfig;
  const mediaIds = JSON.parse(row.media_ids) as number[];
  const sources = await media.requireReady(agentId, mediaIds);
  const pricedSeconds = await commentary.prepareRun(agentId, config, sources);

  let lines: ScriptLine[];
  if (config.shot_scripts) lines = config.shot_scripts;
  else if (config.history_id) lines = await commentary.historyLines(agentId, config.history_id);
  else {
    progress.set(0, '撰写解说文案');
    lines = (
      await commentary.write(agentId, mediaIds, config.speech_style, {
        signal,
        toolJobId: row.id,
        onProgress: (f, stage) => progress.set(f * SCRIPT_END, stage || undefined),
      })
    ).lines;
    progress.log(`解说文案 ${lines.length} 句`);
  }
  await commentary.keepJobScript(agentId, row.id, config, mediaIds, lines);

  const voice = commentary.voiceOf(config);
  const spoken: SpokenLine[] = [];
  for (const [i, line] of lines.entries()) {
    progress.set(SCRIPT_END + (i / lines.length) * (SPEECH_END - SCRIPT_END), `配音 第 ${i + 1}/${lines.length} 句`);
    const raw = path.join(workDir, `spoken-${i}.wav`);
    const out = path.join(workDir, `line-${i}.wav`);
    await deps.aiUsage.track({ agentId, toolJobId: row.id }, () =>
      deps.ai.speak({ text: line.text, voice, format: 'wav', out: raw, signal }),
    );
    // The voice's own lead-in and tail cut: the words start where the line is placed.
    await trimSpeech(raw, out, signal);
    spoken.push({ ...line, speechFile: out, speechSeconds: await audioSeconds(out, signal) });
  }

  const names = new Map(sources.map((s) => [s.id, s.name]));
  const outputs: CommentaryOutput[] = [];
  const total = config.output_count;
  await withLocalFiles(media, agentId, mediaIds, async (files) => {
    const probed = new Map<number, { file: string; probe: VideoProbe }>();
    for (const [id, file] of files) probed.set(id, { file, probe: await probeVideo(file) });
    for (let copy = 0; copy < total; copy += 1) {
      const at = (f: number) => SPEECH_END + ((copy + f) / total) * (1 - SPEECH_END);
      progress.set(at(0), `渲染成片 第 ${copy + 1}/${total} 个`);
      const output = path.join(workDir, `commentary-${copy}.mp4`);
      const variant = spoken.map((line) => ({ ...line, clips: variantClips(line, copy) }));
      const render = (music: string | null) =>
        renderCommentary({
          lines: variant,
          sources: probed,
          music,
          subtitlePosY: config.subtitle_pos_y,
          effects: config.allow_vfx_effect ? { seed: deps.seedOf(`${row.id}:${copy}`) } : null,
          output,
          workDir,
          preset: deps.preset,
          signal,
          onProgress: (f) => progress.set(at(f)),
        });
      const style = config.background_music_style;
      const track = style === 'none' ? null : await media.musicTrack(style as MusicStyle, copy);
      const { duration } = track ? await media.withMusicFile(track.id, (file) => render(file)) : await render(null);
      if (duration > pricedSeconds + 0.5) throw new Error('解说配音时长超出计费时长');
      await run.expectAtMost(output, duration);
      const first = names.get(lines[0]!.clips[0]!.media_id) ?? TOOL_LABELS.commentary;
      const mediaId = await media.addOutput(agentId, {
        file: output,
        name: `${baseName(first)}_解说_${SPEECH_STYLE_LABELS[config.speech_style]}${total > 1 ? `_${copy + 1}` : ''}_任务${row.agent_seq}.mp4`,
        jobId: String(row.id),
      });
      progress.log(
        `第 ${copy + 1}/${total} 个成片完成（${lines.length} 句解说，${Math.round(duration)} 秒${track ? `，配乐「${track.name}」` : ''}）`,
      );
      outputs.push({ media_id: mediaId, script_index: 0 });
    }
  });
  return outputs;
}
