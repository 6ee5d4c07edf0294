/**
 * What the tools know about a medium, made once and kept: its analysis (`media_analyses`), its transcript per
 * language (`media_transcripts`: the video's own text subtitles first, else recognised speech, else an empty one
 * with the reason, which is not kept so a service configured later is used), and 短剧解析's parse of it. 短剧解析
 * fills them; 影视解说 and 字幕翻译 read them here instead of analysing or recognising a file again.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EpisodeParse, ParseLanguage, TranscriptCue, TranscriptOrigin } from '@cc/contracts';
import type { Clock } from '../../../clock.js';
import type { AsrClient } from '../../../providers/ai/asr-client.js';
import type { AiUsageLog } from '../ai-usage.js';
import { SubtitleError } from '../subtitles/cue.js';
import { segmentSentences, type SourceCue } from '../subtitles/segment.js';
import { embeddedSubtitles, recognisedSubtitles, type SourceSubtitles } from '../subtitles/subtitle-source.js';
import type { ToolMediaLibrary } from '../tool-media.js';
import { ANALYSIS_VERSION } from '../tool-runner.js';
import type { ToolRepository } from '../tool.repository.js';
import { analyzeVideo, type MediaAnalysis } from '../video/analyze.js';
import type { ParseRepository } from './parse.repository.js';

/** Format of a stored episode parse; a parse of another version counts as missing. */
export const EPISODE_PARSE_VERSION = 1;

export interface EpisodeTranscript {
  origin: TranscriptOrigin;
  language: ParseLanguage;
  /** Why it is empty (`none`), in Chinese; null otherwise. */
  reason: string | null;
  cues: TranscriptCue[];
  /** Speakers in order of first appearance; null when the words came without speakers. */
  speakers: string[] | null;
}

/** An episode's parse as stored: the layers that are not in its analysis or transcript. */
export type StoredEpisodeParse = Pick<EpisodeParse, 'scenes' | 'characters' | 'summary' | 'removals'> & {
  /** The transcript the summary was written from, so a changed transcript gets a new summary. */
  summary_of: TranscriptOrigin;
  /** Why the episode had no transcript when it was parsed; null when it had one. */
  transcript_reason: string | null;
};

export interface EpisodeInsight {
  analysis: MediaAnalysis | null;
  transcript: EpisodeTranscript | null;
  parse: (StoredEpisodeParse & { created_at: number }) | null;
}

export interface WorkOptions {
  signal?: AbortSignal;
  /** The tool job the work is for: AI usage is recorded against it. */
  toolJobId?: number;
}

export interface EpisodeInsightsDeps {
  tools: ToolRepository;
  parses: ParseRepository;
  media: ToolMediaLibrary;
  asr: AsrClient | null;
  aiUsage: AiUsageLog;
  clock: Clock;
  workDir: string;
}

const NO_RECOGNITION = '语音识别服务未配置，且视频没有自带字幕';

export class EpisodeInsights {
  constructor(private readonly deps: EpisodeInsightsDeps) {}

  /** The medium's analysis: the stored one when current, else made now (one decode) and kept. */
  async analysisOf(
    agentId: number,
    mediaId: number,
    options: WorkOptions & { onProgress?: (fraction: number) => void } = {},
  ): Promise<MediaAnalysis> {
    const [stored] = await this.deps.tools.analyses([mediaId]);
    if (stored?.version === ANALYSIS_VERSION) return JSON.parse(stored.analysis) as MediaAnalysis;
    const analysis = await this.deps.media.withLocalFile(agentId, mediaId, (file) =>
      analyzeVideo(file, { signal: options.signal, onProgress: options.onProgress }),
    );
    await this.deps.tools.saveAnalysis(mediaId, ANALYSIS_VERSION, JSON.stringify(analysis), this.deps.clock.now());
    return analysis;
  }

  /**
   * The medium's words in `language` as sentence cues: kept from an earlier call, else the video's own text
   * subtitles, else recognised speech (with speakers when the service tells them apart), else empty with the reason.
   */
  async transcriptOf(
    agentId: number,
    mediaId: number,
    options: WorkOptions & { language: ParseLanguage },
  ): Promise<EpisodeTranscript> {
    const { language } = options;
    const stored = await this.deps.parses.transcript(mediaId, language);
    if (stored) return storedTranscript(stored, language);
    const [medium] = await this.deps.media.requireReady(agentId, [mediaId]);
    const durationSeconds = medium!.duration;
    await fs.mkdir(this.deps.workDir, { recursive: true });
    const dir = await fs.mkdtemp(path.join(this.deps.workDir, `transcript-${mediaId}-`));
    let source: SourceSubtitles | null;
    try {
      source = await this.deps.media.withLocalFile(agentId, mediaId, async (file) => {
        const embedded = await embeddedSubtitles(file, dir, { durationSeconds, signal: options.signal });
        if (embedded && embedded.cues.length > 0) return embedded;
        const asr = this.deps.asr;
        if (!asr) return null;
        const context = { agentId, toolJobId: options.toolJobId ?? null };
        return this.deps.aiUsage.track(context, async () => {
          const recognised = await recognisedSubtitles(asr, file, dir, {
            durationSeconds,
            language,
            signal: options.signal,
          });
          return { ...recognised, usage: recognised.usage! };
        });
      });
    } catch (error) {
      if (error instanceof SubtitleError) return empty(language, error.message);
      throw error;
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    if (!source) return empty(language, NO_RECOGNITION);
    const cues = sentenceCues(source.cues, language);
    const speakers = [...new Set(cues.flatMap((cue) => (cue.speaker ? [cue.speaker] : [])))];
    const transcript: EpisodeTranscript = {
      origin: source.origin === 'embedded' ? 'embedded' : 'recognised',
      language,
      reason: null,
      cues,
      speakers: speakers.length > 0 ? speakers : null,
    };
    await this.deps.parses.saveTranscript({
      media_id: mediaId,
      language,
      origin: transcript.origin,
      cues: JSON.stringify(cues),
      speakers: transcript.speakers && JSON.stringify(transcript.speakers),
      created_at: this.deps.clock.now(),
    });
    return transcript;
  }

  /** What is kept about the creator's medium: its analysis, transcript (Chinese first) and parse; null where none yet. */
  async insightOf(agentId: number, mediaId: number): Promise<EpisodeInsight> {
    await this.deps.media.requireReady(agentId, [mediaId]);
    const [[analysis], [parse], zh, en] = await Promise.all([
      this.deps.tools.analyses([mediaId]),
      this.deps.parses.parses([mediaId], EPISODE_PARSE_VERSION),
      this.deps.parses.transcript(mediaId, 'zh'),
      this.deps.parses.transcript(mediaId, 'en'),
    ]);
    const transcript = zh ?? en;
    return {
      analysis: analysis?.version === ANALYSIS_VERSION ? (JSON.parse(analysis.analysis) as MediaAnalysis) : null,
      transcript: transcript ? storedTranscript(transcript, transcript.language as ParseLanguage) : null,
      parse: parse ? { ...(JSON.parse(parse.parse) as StoredEpisodeParse), created_at: parse.created_at } : null,
    };
  }
}

function empty(language: ParseLanguage, reason: string): EpisodeTranscript {
  return { origin: 'none', language, reason, cues: [], speakers: null };
}

function storedTranscript(
  row: { origin: string; cues: string; speakers: string | null },
  language: ParseLanguage,
): EpisodeTranscript {
  return {
    origin: row.origin as TranscriptOrigin,
    language,
    reason: null,
    cues: JSON.parse(row.cues) as TranscriptCue[],
    speakers: row.speakers === null ? null : (JSON.parse(row.speakers) as string[]),
  };
}

/**
 * Sentence cues of the source's. A change of speaker ends a sentence (each speaker's turn is segmented on its own),
 * and each sentence takes the speaker of the turn it came from.
 */
export function sentenceCues(source: readonly SourceCue[], language: ParseLanguage): TranscriptCue[] {
  const turns: SourceCue[][] = [];
  for (const cue of [...source].sort((a, b) => a.startMs - b.startMs)) {
    const turn = turns.at(-1);
    if (turn && turn[0]!.speaker === cue.speaker) turn.push(cue);
    else turns.push([cue]);
  }
  return turns.flatMap((turn) => {
    const speaker = turn[0]!.speaker;
    return segmentSentences(turn, { language }).map((cue) => ({
      start_ms: cue.startMs,
      end_ms: cue.endMs,
      text: cue.text,
      ...(speaker && { speaker }),
    }));
  });
}
