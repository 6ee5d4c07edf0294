/** Task center shapes: task cards and detail, episodes, and the hit chart (radar). */
import { z } from 'zod';
import { taskTypeSchema } from '../content/content.schema.js';
import { RADAR_CHANNELS, RADAR_SORTS } from '../enums.js';
import { pageQuerySchema } from '../envelope.js';

export const TASK_SORTS = ['publish_at', 'total_income', 'share_rate'] as const;
export type TaskSort = (typeof TASK_SORTS)[number];
export const TASK_SORT_LABELS: Record<TaskSort, string> = {
  publish_at: '最新上架',
  total_income: '收益最高',
  share_rate: '分成最高',
};

const idSchema = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`${label}不正确`);

export const taskPageQuerySchema = pageQuerySchema.extend({
  task_type: taskTypeSchema.default(1),
  app_id: idSchema('应用').optional(),
  keyword: z.string({ error: '搜索词不正确' }).trim().max(50, '搜索词不能超过50个字').optional(),
  sort: z.enum(TASK_SORTS, { error: '排序方式不正确' }).default('publish_at'),
});

export const taskCardSchema = z.object({
  task_id: z.number().int(),
  task_type: z.number().int(),
  app_id: z.number().int(),
  app_name: z.string(),
  app_icon: z.string(),
  serial_id: z.number().int(),
  serial_name: z.string(),
  title: z.string(),
  cover_url: z.string(),
  intro: z.string(),
  tags: z.array(z.string()),
  channel: z.string(),
  episode_count: z.number().int(),
  /** Percent shown to agents, e.g. 70 means 70%. */
  share_rate: z.number(),
  publish_at: z.string(),
  /** Yuan with two decimals. */
  total_income: z.string(),
  /** Whether the logged-in agent already received this task (false when anonymous). */
  received: z.boolean(),
});
export type TaskCard = z.infer<typeof taskCardSchema>;

export const taskInfoQuerySchema = z.object({ task_id: idSchema('任务编号') });
export const taskInfoSchema = taskCardSchema.extend({
  app_landing_url: z.string(),
  available_episodes: z.number().int(),
  tutorial_video_url: z.string(),
  tutorial_short_url: z.string(),
});
export type TaskInfo = z.infer<typeof taskInfoSchema>;

export const episodeSchema = z.object({
  episode_id: z.number().int(),
  serial_id: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  /** Seconds. */
  duration: z.number(),
  /** Playable address (HTTP Range), or '' when this episode has no video. */
  video_url: z.string(),
  poster_url: z.string(),
  /** Bytes of the downloadable file. */
  size: z.number().int(),
});
export type Episode = z.infer<typeof episodeSchema>;

export const episodeListQuerySchema = pageQuerySchema.extend({
  task_id: idSchema('任务编号').optional(),
  serial_id: idSchema('剧集编号').optional(),
});
export const episodeInfoQuerySchema = z.object({ episode_id: idSchema('剧集编号') });

export const radarRequestSchema = z.object({
  channel: z.enum(RADAR_CHANNELS, { error: '频道不正确' }).optional(),
  task_type: taskTypeSchema.optional(),
  sort: z.enum(RADAR_SORTS, { error: '排序方式不正确' }).default('total_income'),
  page_num: pageQuerySchema.shape.page_num,
  page_size: pageQuerySchema.shape.page_size,
});
export type RadarRequest = z.input<typeof radarRequestSchema>;

export const radarItemSchema = z.object({
  rank: z.number().int(),
  serial_id: z.number().int(),
  task_id: z.number().int().nullable(),
  task_type: z.number().int(),
  name: z.string(),
  cover_url: z.string(),
  app_id: z.number().int(),
  app_name: z.string(),
  app_icon: z.string(),
  channel: z.string(),
  tags: z.array(z.string()),
  publish_at: z.string(),
  total_income: z.string(),
});
export type RadarItem = z.infer<typeof radarItemSchema>;
