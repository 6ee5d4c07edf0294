/**
 * The words of an episode as the tools read them (the narration writer, the translation), as a port: the video's own text subtitles first, else
 * recognised speech when the service is configured, else none (the narration is then written from the pictures and
 * titles alone).
 */
import type { Cue } from './subtitles/cue.js';
import type { EpisodeInsights } from './parse/episode-insights.js';

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

/**
 * The dialogue from 短剧解析's transcript store: read or recognised once per episode and language, kept, and reused by
 * every tool (a parse, a narration, another narration of the same episode).
 */
export class StoredTranscripts implements EpisodeTranscripts {
  constructor(private readonly insights: Pick<EpisodeInsights, 'transcriptOf'>) {}

  async transcriptOf(
    agentId: number,
    mediaId: number,
    opts: { language: 'zh' | 'en'; signal?: AbortSignal },
  ): Promise<EpisodeTranscript> {
    const transcript = await this.insights.transcriptOf(agentId, mediaId, opts);
    return {
      ...(transcript.origin !== 'none' && { origin: transcript.origin }),
      cues: transcript.cues.map((cue) => ({ startMs: cue.start_ms, endMs: cue.end_ms, text: cue.text })),
    };
  }
}
