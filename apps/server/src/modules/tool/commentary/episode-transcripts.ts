/**
 * The dialogue of an episode for the narration writer, as a port: a plain reading over the subtitle sources (the
 * video's own text subtitles first, else recognised speech when the service is configured, else none, and the
 * narration is written from the pictures and titles alone). A cached transcript store can take its place.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AsrClient } from '../../../providers/ai/asr-client.js';
import type { AiUsageLog } from '../ai-usage.js';
import type { Cue } from '../subtitles/cue.js';
import { segmentSentences } from '../subtitles/segment.js';
import { embeddedSubtitles, recognisedSubtitles } from '../subtitles/subtitle-source.js';
import type { ToolMediaLibrary } from '../tool-media.js';

export interface EpisodeTranscript {
  cues: Cue[];
  /** Where the cues came from; absent when the store does not say. */
  origin?: 'embedded' | 'recognised';
}

export interface EpisodeTranscripts {
  transcriptOf(
    agentId: number,
    mediaId: number,
    opts: { language: 'zh' | 'en'; signal?: AbortSignal },
  ): Promise<EpisodeTranscript>;
}

export class SubtitleSourceTranscripts implements EpisodeTranscripts {
  constructor(
    private readonly deps: {
      media: ToolMediaLibrary;
      asr: () => AsrClient | null;
      aiUsage: AiUsageLog;
      workDir: string;
    },
  ) {}

  async transcriptOf(
    agentId: number,
    mediaId: number,
    opts: { language: 'zh' | 'en'; signal?: AbortSignal },
  ): Promise<EpisodeTranscript> {
    const [medium] = await this.deps.media.requireReady(agentId, [mediaId]);
    const durationSeconds = medium!.duration;
    await fs.mkdir(this.deps.workDir, { recursive: true });
    const dir = await fs.mkdtemp(path.join(this.deps.workDir || os.tmpdir(), `transcript-${mediaId}-`));
    try {
      return await this.deps.media.withLocalFile(agentId, mediaId, async (file) => {
        const embedded = await embeddedSubtitles(file, dir, { durationSeconds, signal: opts.signal });
        if (embedded && embedded.cues.length > 0) {
          return { origin: 'embedded' as const, cues: segmentSentences(embedded.cues, { language: opts.language }) };
        }
        const asr = this.deps.asr();
        if (!asr) return { cues: [] };
        const recognised = await recognisedSubtitles(asr, file, dir, {
          durationSeconds,
          language: opts.language,
          signal: opts.signal,
        }).catch((error: unknown) => {
          // An episode without speech is narrated from its pictures; a service failure is a failure.
          if (error instanceof Error && error.name === 'SubtitleError') return null;
          throw error;
        });
        if (!recognised) return { cues: [] };
        if (recognised.usage) await this.deps.aiUsage.record({ agentId }, recognised.usage);
        return { origin: 'recognised' as const, cues: segmentSentences(recognised.cues, { language: opts.language }) };
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }
}
