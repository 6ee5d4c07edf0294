/**
 * 短剧解析 (tool `parse`): what a run of it asks for, and what it leaves per episode — shots, scenes, the transcript
 * with times and speakers, a summary, the highlight curve, the recap and opening marked for removal — plus the
 * serial's own summary, read back by `GET /ai/v1/parse/episodes`.
 */
import { z } from 'zod';

/** Episodes one parse reads at most (the same bound as any tool job's media). */
export const PARSE_MAX_EPISODES = 20;

export const PARSE_LANGUAGES = ['zh', 'en'] as const;
export type ParseLanguage = (typeof PARSE_LANGUAGES)[number];

/** `parse` config: the language spoken (recognition and the transcript), and whether to write summaries. */
export const parseConfigSchema = z.object(
  {
    language: z.enum(PARSE_LANGUAGES, { error: '语言不正确' }).default('zh'),
    summary: z.boolean({ error: '剧情摘要开关不正确' }).default(true),
  },
  { error: '解析设置不正确' },
);
export type ParseConfig = z.output<typeof parseConfigSchema>;

/** Where an episode's transcript came from; `none` when there was no way to get one (then `reason` says why). */
export const TRANSCRIPT_ORIGINS = ['embedded', 'recognised', 'none'] as const;
export type TranscriptOrigin = (typeof TRANSCRIPT_ORIGINS)[number];
export const TRANSCRIPT_ORIGIN_LABELS: Record<TranscriptOrigin, string> = {
  embedded: '视频自带字幕',
  recognised: '语音识别',
  none: '无字幕',
};

/** What a stretch marked for removal is: the opening titles, a recap of earlier episodes, the closing credits. */
export const REMOVAL_KINDS = ['opening', 'recap', 'ending'] as const;
export type RemovalKind = (typeof REMOVAL_KINDS)[number];
export const REMOVAL_KIND_LABELS: Record<RemovalKind, string> = {
  opening: '片头',
  recap: '前情回顾',
  ending: '片尾',
};

const secondsRange = { start: z.number(), end: z.number() };

export const transcriptCueSchema = z.object({
  start_ms: z.number().int(),
  end_ms: z.number().int(),
  text: z.string(),
  /** The speaker as the recognition service labelled them; absent when it gave none. */
  speaker: z.string().optional(),
});
export type TranscriptCue = z.infer<typeof transcriptCueSchema>;

export const episodeParseSchema = z.object({
  media_id: z.number().int(),
  name: z.string(),
  /** Signed addresses of the episode's file (HTTP Range) and its poster, valid for hours. */
  url: z.string(),
  poster_url: z.string(),
  /** Seconds. */
  duration: z.number(),
  /** Shot boundaries in seconds, ascending, without 0. */
  shots: z.array(z.number()),
  /** Scenes in seconds: neighbouring shots that look alike or are joined by speech. */
  scenes: z.array(z.object({ ...secondsRange, shots: z.number().int() })),
  transcript: z.object({
    origin: z.enum(TRANSCRIPT_ORIGINS),
    language: z.enum(PARSE_LANGUAGES),
    /** Why there is no transcript (`none`), in Chinese; null otherwise. */
    reason: z.string().nullable(),
    cues: z.array(transcriptCueSchema),
  }),
  /** Each speaker's lines, in order of first appearance (empty when the recognition gave no speakers). */
  characters: z.array(z.object({ speaker: z.string(), lines: z.number().int(), seconds: z.number() })),
  /** The episode's plot in Chinese; null without the language service or without words to summarise. */
  summary: z.string().nullable(),
  /** Per second: the highlight score 0–1 the mixed cut ranks material by. */
  highlight: z.array(z.number()),
  /** Stretches that repeat across the parsed episodes, suggested for removal (建议剪除). */
  removals: z.array(z.object({ ...secondsRange, kind: z.enum(REMOVAL_KINDS) })),
  parsed_at: z.string(),
});
export type EpisodeParse = z.infer<typeof episodeParseSchema>;

const episodeIdsSchema = z
  .string({ error: '请选择剧集' })
  .regex(/^\d{1,18}(,\d{1,18})*$/, '剧集编号不正确')
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .refine((ids) => ids.length <= PARSE_MAX_EPISODES, `一次最多查看${PARSE_MAX_EPISODES}集`);

/** `GET /ai/v1/parse/episodes?media_ids=1,2,3`. */
export const parseEpisodesQuerySchema = z.object({ media_ids: episodeIdsSchema.meta({ label: '剧集' }) });

export const parseEpisodesSchema = z.object({
  /** The parsed episodes among those asked, in the order asked. */
  episodes: z.array(episodeParseSchema),
  /** Episodes asked for that have no parse yet. */
  missing: z.array(z.number().int()),
  /** The plot of these episodes together, when they were parsed together with summaries; else null. */
  serial_summary: z.string().nullable(),
});
export type ParseEpisodes = z.infer<typeof parseEpisodesSchema>;
