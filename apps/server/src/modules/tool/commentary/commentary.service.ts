/**
 * 影视解说 as the creator uses it before a run: the script preview (written in the background, kept per creator,
 * media and style, polled until ready), the checks a run passes before it is charged (the language service is
 * configured, the voice can speak, the script's shots lie in the chosen media, a history job has a script), the
 * seconds it is priced at, and the writing of a script itself (analyses, dialogue, the language service).
 */
import { createHash } from 'node:crypto';
import {
  commentaryScriptSchema,
  type CommentaryConfig,
  type CommentaryScript,
  type CommentaryScriptRequest,
  type ScriptLine,
  type SpeechStyle,
  commentaryScriptRequestSchema,
} from '@cc/contracts';
import type { Clock } from '../../../clock.js';
import { appError } from '../../../errors.js';
import type { AiProviders } from '../../../providers/ai/ai-providers.js';
import type { AiUsageLog } from '../ai-usage.js';
import type { ToolAvailability } from '../tool-availability.js';
import type { ToolMediaItem, ToolMediaLibrary } from '../tool-media.js';
import { commentaryPricedSeconds } from '../tool-pricing.js';
import type { ToolRepository } from '../tool.repository.js';
import { analyzeVideo, type MediaAnalysis } from '../video/analyze.js';
import type { CommentaryRepository, CommentaryScriptRow } from './commentary.repository.js';
import type { EpisodeTranscripts } from '../episode-transcripts.js';
import { checkScript } from './fit-footage.js';
import {
  narrationAnswerSchema,
  narrationTargetSeconds,
  shotsOf,
  writeNarration,
  type EpisodeMaterial,
} from './script-writer.js';

export interface CommentaryServiceDeps {
  scripts: CommentaryRepository;
  tools: ToolRepository;
  media: ToolMediaLibrary;
  ai: Pick<AiProviders, 'llm' | 'voices' | 'defaultVoice'>;
  aiUsage: AiUsageLog;
  transcripts: EpisodeTranscripts;
  availability: () => ToolAvailability;
  enqueueScript(scriptId: number, generation: number): Promise<string>;
  /** The analysis format the planner reads (a stored one of another version is made again). */
  analysisVersion: number;
  clock: Clock;
}

export interface WriteProgress {
  (fraction: number, stage: string): void;
}

type Dialogue = CommentaryScript['dialogue'];

/** A preview still `working` with nothing written for this long lost its writer. */
const PREVIEW_STALE_MS = 5 * 60_000;

const parseLines = (row: Pick<CommentaryScriptRow, 'lines'>) => JSON.parse(row.lines) as ScriptLine[];

export class CommentaryService {
  constructor(private readonly deps: CommentaryServiceDeps) {}

  /** Refuses (before any charge) when the language service is not configured. */
  requireAvailable(): void {
    const availability = this.deps.availability();
    if (!availability.available) throw appError('toolServiceUnavailable', availability.reason ?? undefined);
  }

  /**
   * The script preview: the kept one of these media and style, or a new one started in the background (`working`);
   * a failed one, or one asked `fresh`, is written again.
   */
  async preview(agentId: number, input: CommentaryScriptRequest): Promise<CommentaryScript> {
    const request = commentaryScriptRequestSchema.parse(input);
    this.requireAvailable();
    await this.deps.media.requireReady(agentId, request.media_ids);
    const key = createHash('sha256')
      .update(JSON.stringify([request.media_ids, request.speech_style]))
      .digest('hex');
    const kept = await this.deps.scripts.byKey(agentId, key);
    const now = this.deps.clock.now();
    // A preview whose writer died (nothing written for a while) is started again.
    const live = kept?.status === 'working' && kept.updated_at > now - PREVIEW_STALE_MS;
    if (kept && (live || (kept.status === 'ready' && !request.fresh))) return this.toScript(kept);
    const id = await this.deps.scripts.startPreview({
      agent_id: agentId,
      preview_key: key,
      media_ids: JSON.stringify(request.media_ids),
      speech_style: request.speech_style,
      status: 'working',
      created_at: now,
      updated_at: now,
    });
    await this.deps.enqueueScript(id, now);
    return this.toScript((await this.deps.scripts.byId(id))!);
  }

  /** The `tool.commentary-script` handler: writes a preview and keeps it, ready or failed with the reason. */
  async writePreview(scriptId: number): Promise<void> {
    const row = await this.deps.scripts.byId(scriptId);
    if (!row || row.status !== 'working') return;
    let lastWrite = 0;
    try {
      const { lines, dialogue } = await this.write(
        Number(row.agent_id),
        JSON.parse(row.media_ids) as number[],
        row.speech_style as SpeechStyle,
        {
          onProgress: (fraction) => {
            const now = Date.now();
            if (now - lastWrite < 500) return;
            lastWrite = now;
            void this.deps.scripts.update(scriptId, {
              progress: Math.floor(fraction * 99),
              updated_at: this.deps.clock.now(),
            });
          },
        },
      );
      await this.deps.scripts.update(scriptId, {
        status: 'ready',
        progress: 100,
        lines: JSON.stringify(lines),
        dialogue,
        error: null,
        updated_at: this.deps.clock.now(),
      });
    } catch (error) {
      const reason = error instanceof Error && /[\u4e00-\u9fff]/.test(error.message) ? error.message : null;
      await this.deps.scripts.update(scriptId, {
        status: 'failed',
        error: reason ?? '解说文案生成失败，请稍后重试',
        updated_at: this.deps.clock.now(),
      });
      if (!reason) throw error;
    }
  }

  /** The script an earlier commentary job of the creator rendered. */
  async jobScript(agentId: number, toolJobId: number): Promise<CommentaryScript> {
    const job = await this.deps.tools.owned(agentId, toolJobId);
    if (!job || job.tool !== 'commentary') throw appError('toolJobNotFound');
    const row = await this.deps.scripts.ofJob(agentId, toolJobId);
    if (!row) throw appError('commentaryScriptMissing');
    return this.toScript(row);
  }

  /** The lines of a history job, or a refusal. */
  async historyLines(agentId: number, historyId: string): Promise<ScriptLine[]> {
    const job = await this.deps.tools.owned(agentId, Number(historyId));
    const row = job?.tool === 'commentary' ? await this.deps.scripts.ofJob(agentId, Number(historyId)) : undefined;
    if (!row) throw appError('commentaryHistoryNotFound');
    return parseLines(row);
  }

  /**
   * What a run is checked against before it is charged, and the seconds it is priced at: the service is there, the
   * voice is one of the list (a service voice only with the speech service), the script (given or from history) lies
   * in the chosen media.
   */
  async prepareRun(agentId: number, config: CommentaryConfig, media: readonly ToolMediaItem[]): Promise<number> {
    this.requireAvailable();
    if (config.speech_voice !== null) {
      const voice = this.deps.ai.voices().find((v) => v.id === config.speech_voice);
      if (!voice) {
        const without = this.deps.availability().without.voice;
        throw without ? appError('toolServiceUnavailable', without) : appError('validation', '配音音色不存在');
      }
    }
    const script =
      config.shot_scripts ?? (config.history_id ? await this.historyLines(agentId, config.history_id) : null);
    if (script) {
      const problem = checkScript(script, new Map(media.map((m) => [m.id, m.duration])));
      if (problem) throw appError('commentaryScriptInvalid', problem);
    }
    const target = narrationTargetSeconds(media.reduce((sum, m) => sum + m.duration, 0));
    return commentaryPricedSeconds(config, script, target);
  }

  /** The voice a run speaks with. */
  voiceOf(config: CommentaryConfig): string {
    return config.speech_voice ?? this.deps.ai.defaultVoice('zh');
  }

  /** Keeps the script a job rendered, for history. */
  async keepJobScript(
    agentId: number,
    toolJobId: number,
    config: CommentaryConfig,
    mediaIds: number[],
    lines: ScriptLine[],
  ) {
    const now = this.deps.clock.now();
    await this.deps.scripts.saveForJob({
      agent_id: agentId,
      tool_job_id: toolJobId,
      media_ids: JSON.stringify(mediaIds),
      speech_style: config.speech_style,
      status: 'ready',
      progress: 100,
      lines: JSON.stringify(lines),
      created_at: now,
      updated_at: now,
    });
  }

  /**
   * Writes a script for these media: analyses what is not analysed yet (shots), reads each episode's dialogue, and
   * asks the language service. Progress: analyses and dialogue up to 70 %, then the writing.
   */
  async write(
    agentId: number,
    mediaIds: number[],
    style: SpeechStyle,
    options: { signal?: AbortSignal; toolJobId?: number; onProgress?: WriteProgress },
  ): Promise<{ lines: ScriptLine[]; dialogue: Dialogue }> {
    const llm = this.deps.ai.llm;
    if (!llm) throw appError('toolServiceUnavailable', this.deps.availability().reason ?? undefined);
    const media = await this.deps.media.requireReady(agentId, mediaIds);
    const stored = new Map((await this.deps.tools.analyses(mediaIds)).map((row) => [row.media_id, row]));
    const episodes: EpisodeMaterial[] = [];
    const origins = new Set<string>();
    for (const [i, medium] of media.entries()) {
      const share = (f: number) => ((i + f) / media.length) * 0.7;
      options.onProgress?.(share(0), `分析素材 第 ${i + 1}/${media.length} 个`);
      let analysis: MediaAnalysis;
      const kept = stored.get(medium.id);
      if (kept && kept.version === this.deps.analysisVersion) analysis = JSON.parse(kept.analysis) as MediaAnalysis;
      else {
        analysis = await this.deps.media.withLocalFile(agentId, medium.id, (file) =>
          analyzeVideo(file, { signal: options.signal, onProgress: (f) => options.onProgress?.(share(f * 0.7), '') }),
        );
        await this.deps.tools.saveAnalysis(
          medium.id,
          this.deps.analysisVersion,
          JSON.stringify(analysis),
          this.deps.clock.now(),
        );
      }
      options.onProgress?.(share(0.7), `读取台词 第 ${i + 1}/${media.length} 个`);
      const transcript = await this.deps.transcripts.transcriptOf(agentId, medium.id, {
        language: 'zh',
        signal: options.signal,
      });
      if (transcript.cues.length > 0) origins.add(transcript.origin ?? 'embedded');
      episodes.push({
        mediaId: medium.id,
        title: medium.name.replace(/\.[^.]+$/, ''),
        duration: medium.duration,
        shots: shotsOf(analysis),
        dialogue: transcript.cues,
      });
    }
    options.onProgress?.(0.7, '撰写解说文案');
    const context = { agentId, toolJobId: options.toolJobId ?? null };
    const lines = await writeNarration(
      (request) => this.deps.aiUsage.track(context, () => llm.chatJson(request, narrationAnswerSchema)),
      episodes,
      style,
      { signal: options.signal },
    );
    const dialogue: Dialogue = origins.has('recognised') ? 'recognised' : origins.size > 0 ? 'embedded' : 'none';
    return { lines, dialogue };
  }

  private toScript(row: CommentaryScriptRow): CommentaryScript {
    return commentaryScriptSchema.parse({
      status: row.status,
      progress: row.progress,
      dialogue: row.dialogue,
      shot_scripts: parseLines(row),
      error: row.error,
    });
  }
}
