/**
 * One 短剧解析 run: for each selected episode its analysis and transcript (each made once per medium and kept),
 * its scenes and speakers' lines, its summary (kept with the parse and written again only when the transcript
 * changed), then the stretches that repeat across the selection and the serial's summary. Produces no video: the
 * job's result is the stored parses, read by `GET /ai/v1/parse/episodes`.
 */
import type { ParseConfig } from '@cc/contracts';
import type { Clock } from '../../../clock.js';
import type { ToolMediaLibrary } from '../tool-media.js';
import type { ToolJobRow } from '../tool.repository.js';
import type { MediaAnalysis } from '../video/analyze.js';
import { charactersOf, removalsAcross, scenesOf } from './episode-layers.js';
import {
  EPISODE_PARSE_VERSION,
  type EpisodeInsights,
  type EpisodeTranscript,
  type StoredEpisodeParse,
} from './episode-insights.js';
import type { EpisodeSummaries } from './episode-summary.js';
import type { ParseRepository } from './parse.repository.js';

/** How a run reports: a fraction of the whole with an optional stage in Chinese, and log lines. */
export interface RunProgress {
  set(fraction: number, stage?: string): void;
  log(line: string): void;
}

export interface ParseRunnerDeps {
  insights: EpisodeInsights;
  parses: ParseRepository;
  media: ToolMediaLibrary;
  /** Null when the language service is not configured: no summaries then. */
  summaries: EpisodeSummaries | null;
  clock: Clock;
}

/** The key of a set of episodes: their ids ascending, so the same selection in any order is the same serial. */
export const serialKeyOf = (mediaIds: readonly number[]) => [...mediaIds].sort((a, b) => a - b).join(',');

export class ParseRunner {
  constructor(private readonly deps: ParseRunnerDeps) {}

  async run(row: ToolJobRow, signal: AbortSignal, progress: RunProgress): Promise<[]> {
    const { insights, parses, media, clock } = this.deps;
    const config = JSON.parse(row.config) as ParseConfig;
    const episodes = await media.requireReady(row.agent_id, JSON.parse(row.media_ids) as number[]);
    const n = episodes.length;
    const work = { signal, toolJobId: row.id };
    const context = { agentId: row.agent_id, toolJobId: row.id };

    const analyses: MediaAnalysis[] = [];
    for (const [i, episode] of episodes.entries()) {
      progress.set((i / n) * 0.4, `分析画面 第 ${i + 1}/${n} 集`);
      analyses.push(
        await insights.analysisOf(row.agent_id, episode.id, {
          ...work,
          onProgress: (f) => progress.set(((i + f) / n) * 0.4),
        }),
      );
    }
    const transcripts: EpisodeTranscript[] = [];
    for (const [i, episode] of episodes.entries()) {
      signal.throwIfAborted();
      progress.set(0.4 + (i / n) * 0.3, `读取字幕 第 ${i + 1}/${n} 集`);
      const transcript = await insights.transcriptOf(row.agent_id, episode.id, { ...work, language: config.language });
      if (transcript.origin === 'none') progress.log(`第 ${i + 1} 集无字幕：${transcript.reason}`);
      transcripts.push(transcript);
    }

    signal.throwIfAborted();
    progress.set(0.7, '划分场景，查找片头与前情回顾');
    const removals = removalsAcross(analyses);
    const earlier = new Map(
      (
        await parses.parses(
          episodes.map((e) => e.id),
          EPISODE_PARSE_VERSION,
        )
      ).map((p) => [p.media_id, JSON.parse(p.parse) as StoredEpisodeParse]),
    );
    const summaries = config.summary ? this.deps.summaries : null;
    const parsed: StoredEpisodeParse[] = [];
    for (const [i, episode] of episodes.entries()) {
      signal.throwIfAborted();
      const transcript = transcripts[i]!;
      const before = earlier.get(episode.id);
      let summary = before?.summary_of === transcript.origin ? before.summary : null;
      if (summary === null && summaries) {
        progress.set(0.75 + (i / n) * 0.2, `生成剧情摘要 第 ${i + 1}/${n} 集`);
        summary = await summaries.episode(context, episode.name, transcript.cues, signal);
      }
      const parse: StoredEpisodeParse = {
        scenes: scenesOf(analyses[i]!, transcript.cues),
        characters: charactersOf(transcript.cues),
        summary,
        removals: removals[i]!,
        summary_of: transcript.origin,
        transcript_reason: transcript.reason,
      };
      await parses.saveParse({
        media_id: episode.id,
        version: EPISODE_PARSE_VERSION,
        language: config.language,
        parse: JSON.stringify(parse),
        created_at: clock.now(),
      });
      parsed.push(parse);
      const marked = parse.removals.length > 0 ? `，建议剪除 ${parse.removals.length} 段` : '';
      progress.log(`第 ${i + 1} 集：${parse.scenes.length} 个场景，${transcript.cues.length} 句台词${marked}`);
    }

    const written = parsed.flatMap((p, i) => (p.summary ? [{ name: episodes[i]!.name, summary: p.summary }] : []));
    const key = serialKeyOf(episodes.map((e) => e.id));
    if (summaries && n > 1 && written.length > 0 && (await parses.serialSummary(row.agent_id, key)) === null) {
      progress.set(0.95, '生成整剧摘要');
      const serial = await summaries.serial(context, written, signal);
      await parses.saveSerialSummary(row.agent_id, key, serial, clock.now());
    }
    return [];
  }
}
