/** Reads 短剧解析's results for the creator's episodes: the stored parse joined with the analysis and transcript. */
import type { EpisodeParse, ParseEpisodes } from '@cc/contracts';
import { appError } from '../../../errors.js';
import { isoTime } from '../../paging.js';
import type { ToolMediaLibrary } from '../tool-media.js';
import type { ToolRepository } from '../tool.repository.js';
import type { MediaAnalysis } from '../video/analyze.js';
import { EPISODE_PARSE_VERSION, type StoredEpisodeParse } from './episode-insights.js';
import type { ParseRepository } from './parse.repository.js';
import { serialKeyOf } from './parse-runner.js';

export class ParseService {
  constructor(private readonly deps: { parses: ParseRepository; tools: ToolRepository; media: ToolMediaLibrary }) {}

  /** The parsed episodes among `mediaIds` (the creator's own; another's or a deleted one is `mediaNotFound`). */
  async episodes(agentId: number, mediaIds: number[]): Promise<ParseEpisodes> {
    const described = await this.deps.media.describe(agentId, mediaIds);
    if (described.size < mediaIds.length) throw appError('mediaNotFound');
    const [parses, analyses] = await Promise.all([
      this.deps.parses.parses(mediaIds, EPISODE_PARSE_VERSION),
      this.deps.tools.analyses(mediaIds),
    ]);
    const parseOf = new Map(parses.map((row) => [row.media_id, row]));
    const analysisOf = new Map(analyses.map((row) => [row.media_id, JSON.parse(row.analysis) as MediaAnalysis]));
    const episodes: EpisodeParse[] = [];
    const missing: number[] = [];
    for (const mediaId of mediaIds) {
      const row = parseOf.get(mediaId);
      const analysis = analysisOf.get(mediaId);
      const medium = described.get(mediaId)!;
      if (!row || !analysis) {
        missing.push(mediaId);
        continue;
      }
      const stored = JSON.parse(row.parse) as StoredEpisodeParse;
      const transcript = await this.deps.parses.transcript(mediaId, row.language);
      episodes.push({
        media_id: mediaId,
        name: medium.name,
        url: medium.url,
        poster_url: medium.poster_url,
        duration: analysis.duration,
        shots: analysis.cuts,
        scenes: stored.scenes,
        transcript: {
          origin: transcript ? (transcript.origin as 'embedded' | 'recognised') : 'none',
          language: row.language as 'zh' | 'en',
          reason: transcript ? null : (stored.transcript_reason ?? '没有可用的字幕'),
          cues: transcript ? JSON.parse(transcript.cues) : [],
        },
        characters: stored.characters,
        summary: stored.summary,
        highlight: analysis.score,
        removals: stored.removals,
        parsed_at: isoTime(row.created_at),
      });
    }
    const serial = episodes.length > 1 ? await this.deps.parses.serialSummary(agentId, serialKeyOf(mediaIds)) : null;
    return { episodes, missing, serial_summary: serial };
  }
}
