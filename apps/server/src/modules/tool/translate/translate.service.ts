/**
 * 字幕翻译 as the creator uses it before a run: the glossary, and the subtitle list for review. The list is made by
 * an engine job (`tool.translate-subtitles`) keyed by creator, video, subtitle file, languages and glossary, so
 * parallel requests share one making and a run reuses what was reviewed; a request answers `working` with the
 * progress until it is `ready` or `failed` (a failure is answered once, then the next request tries again). The
 * words come from the creator's subtitle file, else the video's own text subtitles, else speech recognition; they
 * are split into sentences and translated (`translator.ts`). Runs check here, before they are charged, that they
 * can get their words.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import {
  TRANSLATE_CUE_TEXT_MAX,
  type CreateJob,
  type Glossary,
  type TranslateConfig,
  type TranslateCue,
  type TranslateSubtitles,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock.js';
import { AppError, appError } from '../../../errors.js';
import type { AiProviders } from '../../../providers/ai/ai-providers.js';
import type { AiCallContext, AiUsageLog } from '../ai-usage.js';
import { SubtitleError } from '../subtitles/cue.js';
import { segmentSentences } from '../subtitles/segment.js';
import {
  textSubtitleStream,
  uploadedSubtitles,
  type SourceSubtitles,
  type SubtitleOrigin,
} from '../subtitles/subtitle-source.js';
import type { ToolAvailability } from '../tool-availability.js';
import type { ToolMediaLibrary } from '../tool-media.js';
import type { GlossaryTerm } from './translate-prompts.js';
import { TranslateError, Translator } from './translator.js';
import type { TranslateRepository, TranslateSubtitlesRow } from './translate.repository.js';
import type { EpisodeInsights } from '../parse/episode-insights.js';

/** What a list is made for: the video, its subtitle file and the languages. */
export interface SubtitlesRequest {
  media_id: number;
  subtitle_media_id: number | null;
  source_language: 'zh' | 'en';
  target_language: 'zh' | 'en';
}

export interface MadeSubtitles {
  origin: SubtitleOrigin;
  cues: TranslateCue[];
}

export interface TranslateServiceDeps {
  repository: TranslateRepository;
  media: ToolMediaLibrary;
  ai: Pick<AiProviders, 'llm' | 'asr' | 'voices'>;
  usage: AiUsageLog;
  availability(): ToolAvailability;
  /** Episodes' transcripts, kept and shared with the other tools. */
  transcripts: Pick<EpisodeInsights, 'transcriptOf'>;
  /** Queues the making of a list (the key names the attempt, so a retry is a new engine job). */
  enqueueSubtitles(cacheKey: string, attempt: number): Promise<string>;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** A cue as short as this is stretched to it: the contract's shortest cue (and a readable flash). */
const MIN_CUE_MS = 200;
const PROGRESS_WRITE_MS = 500;

export class TranslateService {
  constructor(private readonly deps: TranslateServiceDeps) {}

  // ---- glossary -----------------------------------------------------------------------------------------------

  async glossary(agentId: number): Promise<Glossary> {
    return { data: await this.deps.repository.glossary(agentId) };
  }

  /** Replaces the whole list. Two terms with the same source (letter case aside) are refused: which one is meant? */
  async saveGlossary(agentId: number, glossary: Glossary): Promise<Glossary> {
    const seen = new Set<string>();
    for (const term of glossary.data) {
      const key = term.source.toLowerCase();
      if (seen.has(key)) throw appError('translateGlossaryDuplicate', `术语「${term.source}」重复，请合并后再保存`);
      seen.add(key);
    }
    await this.deps.repository.replaceGlossary(agentId, glossary.data);
    return this.glossary(agentId);
  }

  // ---- the list for review ------------------------------------------------------------------------------------

  /** The service must be there: without a language model nothing can be translated (and nothing is charged). */
  requireAvailable(): void {
    const { available, reason } = this.deps.availability();
    if (!available) throw appError('toolServiceUnavailable', reason ?? undefined);
  }

  /** The list's state; the first request starts its making. */
  async subtitles(agentId: number, request: SubtitlesRequest): Promise<TranslateSubtitles> {
    this.requireAvailable();
    await this.deps.media.requireReady(agentId, [request.media_id]);
    const subtitleFile = request.subtitle_media_id;
    if (subtitleFile !== null && !(await this.deps.media.describe(agentId, [subtitleFile])).has(subtitleFile)) {
      throw appError('mediaNotFound');
    }
    const glossary = await this.deps.repository.glossary(agentId);
    const cacheKey = cacheKeyOf(agentId, request, glossary);
    const now = this.deps.clock.now();
    let row = await this.deps.repository.ensureSubtitles({
      cache_key: cacheKey,
      agent_id: agentId,
      media_id: request.media_id,
      subtitle_media_id: request.subtitle_media_id,
      source_language: request.source_language,
      target_language: request.target_language,
      glossary_hash: glossaryHash(glossary),
      status: 'working',
      attempt: 1,
      created_at: now,
      updated_at: now,
    });
    if (row.status === 'failed') {
      if (row.failure_answered === 0) {
        await this.deps.repository.updateSubtitles(cacheKey, row.attempt, { failure_answered: 1 });
        return answerOf(row);
      }
      const attempt = row.attempt + 1;
      const change = { status: 'working' as const, attempt, progress: 0, error: null, failure_answered: 0 };
      if (await this.deps.repository.updateSubtitles(cacheKey, row.attempt, { ...change, updated_at: now })) {
        row = { ...row, ...change };
      } else {
        row = (await this.deps.repository.subtitles(cacheKey))!;
      }
    }
    // Queued again on every working answer: the key makes it one job, and a queue entry lost in a crash comes back.
    if (row.status === 'working') await this.deps.enqueueSubtitles(cacheKey, row.attempt);
    return answerOf(row);
  }

  /** The `tool.translate-subtitles` handler: makes the list and writes it, or the reason it cannot be made. */
  async makeSubtitles(cacheKey: string, attempt: number): Promise<void> {
    const { repository } = this.deps;
    const row = await repository.subtitles(cacheKey);
    if (!row || row.attempt !== attempt || row.status !== 'working') return;
    let lastWrite = 0;
    const onProgress = (fraction: number) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      void repository
        .updateSubtitles(cacheKey, attempt, { progress: Math.min(99, Math.floor(fraction * 100)) })
        .catch(() => undefined);
    };
    try {
      const glossary = await repository.glossary(row.agent_id);
      const made = await this.make(row.agent_id, row, glossary, { agentId: row.agent_id }, { onProgress });
      await repository.updateSubtitles(cacheKey, attempt, {
        status: 'ready',
        progress: 100,
        origin: made.origin,
        cues: JSON.stringify(made.cues),
        error: null,
        updated_at: this.deps.clock.now(),
      });
    } catch (error) {
      if (!isCreatorFacing(error)) this.deps.log.error({ err: error, cacheKey }, 'subtitle list not made');
      await repository.updateSubtitles(cacheKey, attempt, {
        status: 'failed',
        error: failureText(error).slice(0, 500),
        failure_answered: 0,
        updated_at: this.deps.clock.now(),
      });
    }
  }

  /**
   * The cues a run renders: the reviewed list when the creator sent it, else the list made for review with the
   * creator's current glossary, else one made now (its calls recorded on the job).
   */
  async cuesForRun(
    agentId: number,
    mediaId: number,
    config: TranslateConfig,
    options: { toolJobId: number; signal?: AbortSignal; onProgress?: (fraction: number, stage?: string) => void },
  ): Promise<MadeSubtitles | { origin: null; cues: TranslateCue[] }> {
    if (config.cues?.length) return { origin: null, cues: config.cues };
    const request = { ...config, media_id: mediaId };
    const glossary = await this.deps.repository.glossary(agentId);
    const stored = await this.deps.repository.subtitles(cacheKeyOf(agentId, request, glossary));
    if (stored?.status === 'ready' && stored.cues && stored.origin) {
      return { origin: stored.origin, cues: JSON.parse(stored.cues) as TranslateCue[] };
    }
    return this.make(agentId, request, glossary, { agentId, toolJobId: options.toolJobId }, options);
  }

  /**
   * Refuses, before a run is charged, what cannot run: no language model; more than one video with a reviewed list
   * or a subtitle file; a subtitle file that cannot be read; a video with no words to read when recognition is not
   * configured; a dubbing voice this server does not have.
   */
  async checkRun(agentId: number, job: CreateJob & { tool: 'translate' }): Promise<void> {
    this.requireAvailable();
    const { config, media_ids: mediaIds } = job;
    if ((config.cues || config.subtitle_media_id !== null) && mediaIds.length > 1) throw appError('translateOneVideo');
    const voice = config.speech_voice;
    if (config.need_speech_translate && voice && !this.deps.ai.voices().some((v) => v.id === voice)) {
      throw appError('translateVoiceUnknown');
    }
    if (config.cues?.length) return;
    if (config.subtitle_media_id !== null) {
      await this.readSubtitleFile(agentId, config.subtitle_media_id);
      return;
    }
    const withoutRecognition = this.deps.availability().without.recognition;
    if (!withoutRecognition) return;
    const glossary = await this.deps.repository.glossary(agentId);
    for (const mediaId of mediaIds) {
      const stored = await this.deps.repository.subtitles(
        cacheKeyOf(agentId, { ...config, media_id: mediaId }, glossary),
      );
      if (stored?.status === 'ready') continue;
      const stream = await this.deps.media.withLocalFile(agentId, mediaId, (file) => textSubtitleStream(file));
      if (stream === null) throw appError('toolServiceUnavailable', withoutRecognition);
    }
  }

  /** The creator's subtitle file's cues; `translateSubtitleInvalid` with the reason when it cannot be used. */
  private async readSubtitleFile(agentId: number, subtitleMediaId: number): Promise<SourceSubtitles> {
    // A library subtitle item (at most a few MB) — never a video read into memory.
    await this.deps.media.requireReady(agentId, [subtitleMediaId], 'subtitle');
    const bytes = await this.deps.media.withLocalFile(agentId, subtitleMediaId, (file) => fs.readFile(file));
    try {
      return uploadedSubtitles(bytes);
    } catch (error) {
      if (error instanceof SubtitleError) throw appError('translateSubtitleInvalid', error.message);
      throw error;
    }
  }

  /** The source's words as sentences, translated. */
  private async make(
    agentId: number,
    request: SubtitlesRequest,
    glossary: readonly GlossaryTerm[],
    context: AiCallContext,
    options: { signal?: AbortSignal; onProgress?: (fraction: number, stage?: string) => void },
  ): Promise<MadeSubtitles> {
    const { llm } = this.deps.ai;
    if (!llm) throw new TranslateError(this.deps.availability().reason ?? '翻译服务未配置，请联系运营');
    await this.deps.media.requireReady(agentId, [request.media_id]);
    options.onProgress?.(0.02, '识别字幕');
    const source = await this.sourceOf(agentId, request, context, options.signal);
    const sentences = segmentSentences(source.cues, { language: request.source_language });
    if (sentences.length === 0) throw new SubtitleError('没有可翻译的字幕');
    options.onProgress?.(0.3, '翻译字幕');
    const translations = await new Translator(llm, this.deps.usage).translate({
      lines: sentences.map((sentence) => sentence.text),
      source: request.source_language,
      target: request.target_language,
      glossary,
      context,
      signal: options.signal,
      onProgress: (fraction) => options.onProgress?.(0.3 + fraction * 0.69),
    });
    const cues = sentences.map((sentence, i) => ({
      start_ms: sentence.startMs,
      end_ms: Math.max(sentence.endMs, sentence.startMs + MIN_CUE_MS),
      text: sentence.text.slice(0, TRANSLATE_CUE_TEXT_MAX),
      translation: translations[i]!.slice(0, TRANSLATE_CUE_TEXT_MAX),
    }));
    return { origin: source.origin, cues };
  }

  /**
   * The words to translate: the creator's subtitle file, else the episode's transcript from the store 短剧解析 and
   * 影视解说 share (the video's own subtitles, else recognised speech), read or recognised once per video and language.
   */
  private async sourceOf(
    agentId: number,
    request: SubtitlesRequest,
    context: AiCallContext,
    signal?: AbortSignal,
  ): Promise<SourceSubtitles> {
    if (request.subtitle_media_id !== null) return this.readSubtitleFile(agentId, request.subtitle_media_id);
    const transcript = await this.deps.transcripts.transcriptOf(agentId, request.media_id, {
      language: request.source_language,
      signal,
      toolJobId: context.toolJobId ?? undefined,
    });
    if (transcript.origin === 'none') {
      const withoutRecognition = this.deps.ai.asr ? null : this.deps.availability().without.recognition;
      throw new SubtitleError(withoutRecognition ?? transcript.reason ?? '未识别到语音，请上传字幕文件');
    }
    return {
      origin: transcript.origin,
      cues: transcript.cues.map((cue) => ({ startMs: cue.start_ms, endMs: cue.end_ms, text: cue.text })),
    };
  }
}

/** The glossary's fingerprint: a changed glossary is another list. */
export function glossaryHash(glossary: readonly GlossaryTerm[]): string {
  return createHash('sha256').update(JSON.stringify(glossary)).digest('hex').slice(0, 32);
}

export function cacheKeyOf(agentId: number, request: SubtitlesRequest, glossary: readonly GlossaryTerm[]): string {
  const parts = [
    agentId,
    request.media_id,
    request.subtitle_media_id,
    request.source_language,
    request.target_language,
    glossaryHash(glossary),
  ];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

function answerOf(row: TranslateSubtitlesRow): TranslateSubtitles {
  return {
    status: row.status,
    progress: row.status === 'ready' ? 100 : row.progress,
    origin: row.status === 'ready' ? row.origin : null,
    cues: row.status === 'ready' && row.cues ? (JSON.parse(row.cues) as TranslateCue[]) : [],
    error: row.status === 'failed' ? row.error : null,
  };
}

/** Failures whose message is meant for the creator (Chinese reasons of the subtitle steps and the translation). */
function isCreatorFacing(error: unknown): boolean {
  return error instanceof SubtitleError || error instanceof TranslateError || error instanceof AppError;
}

function failureText(error: unknown): string {
  return isCreatorFacing(error) ? (error as Error).message : '字幕识别或翻译失败，请稍后重试';
}
