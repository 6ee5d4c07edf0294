/**
 * 智能运营 (the `operate` tool of the AI workspace): which dramas to promote next and why, when and where this
 * creator's links convert best, and the creator's publishing calendar of planned posts.
 */
import { z } from 'zod';
import { Platform, PLATFORM_LABELS } from '../enums.js';
import { withoutUnsafeCharacters } from '../media/media.schema.js';

/** Planned posts one creator may keep at once (done ones count until deleted). */
export const OPERATE_CALENDAR_LIMIT = 200;
/** The longest note of a planned post. */
export const OPERATE_NOTE_MAX = 200;
/** Suggestions answered at most. */
export const OPERATE_SUGGESTION_COUNT = 10;
/** The windows the channel and hour figures may cover, in Beijing days up to today. */
export const OPERATE_WINDOWS = [7, 30, 90] as const;
/** The longest range of days one calendar read covers. */
export const OPERATE_CALENDAR_MAX_DAYS = 92;

export const CALENDAR_STATUSES = ['planned', 'done'] as const;
export type CalendarStatus = (typeof CALENDAR_STATUSES)[number];
export const CALENDAR_STATUS_LABELS: Record<CalendarStatus, string> = { planned: '待发布', done: '已发布' };

const isSafe = (value: string) => withoutUnsafeCharacters(value) === value;

const PLATFORM_IDS = Object.values(Platform) as number[];

const dateSchema = (label: string) =>
  z
    .string({ error: `${label}不正确` })
    .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${label}格式应为 YYYY-MM-DD`)
    // A well-formed date that a calendar lacks (02-30) reads as another day; one the regex refused reads as none.
    .refine((value) => {
      const ms = Date.parse(`${value}T00:00:00Z`);
      return Number.isNaN(ms) || new Date(ms).toISOString().startsWith(value);
    }, `${label}不存在`);

const idSchema = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`${label}不正确`)
    .max(Number.MAX_SAFE_INTEGER, `${label}不正确`);

export const operateInsightQuerySchema = z.object({
  days: z.coerce
    .number({ error: '统计天数不正确' })
    .refine((value) => (OPERATE_WINDOWS as readonly number[]).includes(value), '统计天数只能是7、30或90')
    .default(30),
});

export const suggestionSchema = z.object({
  rank: z.number().int(),
  task_id: z.number().int(),
  serial_id: z.number().int(),
  name: z.string(),
  cover_url: z.string(),
  app_name: z.string(),
  tags: z.array(z.string()),
  chart_rank: z.number().int(),
  total_income: z.string(),
  /** 0–100: how strongly the figures point at this drama. */
  score: z.number().int(),
  /** Each reason in words, strongest first. */
  reasons: z.array(z.string()),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionsSchema = z.object({
  data: z.array(suggestionSchema),
  /** Tasks the creator promotes already (left out of the suggestions). */
  promoting_count: z.number().int(),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

const figuresSchema = {
  clicks: z.number().int(),
  orders: z.number().int(),
  /** orders / clicks in percent with two decimals; "0.00" without clicks. */
  conversion: z.string(),
};

export const hourFiguresSchema = z.object({ hour: z.number().int(), ...figuresSchema });
export const platformFiguresSchema = z.object({ platform: z.number().int(), label: z.string(), ...figuresSchema });
export type HourFigures = z.infer<typeof hourFiguresSchema>;
export type PlatformFigures = z.infer<typeof platformFiguresSchema>;

export const insightSchema = z.object({
  days: z.number().int(),
  start_date: z.string(),
  end_date: z.string(),
  clicks: z.number().int(),
  orders: z.number().int(),
  shares: z.number().int(),
  share_amount: z.string(),
  by_hour: z.array(hourFiguresSchema),
  by_platform: z.array(platformFiguresSchema),
  best_hour: z.number().int().nullable(),
  best_platform: z.number().int().nullable(),
  /** The advice in words (a line each), empty when there is nothing to go on. */
  advice: z.array(z.string()),
});
export type Insight = z.infer<typeof insightSchema>;

const noteSchema = z
  .string({ error: '备注不正确' })
  .trim()
  .max(OPERATE_NOTE_MAX, `备注不能超过${OPERATE_NOTE_MAX}个字`)
  // Line breaks are welcome in a note; other controls and bidi overrides would make it read other than it is.
  .refine((value) => isSafe(value.replaceAll('\n', '')), '备注含有不可见的控制字符');

export const calendarItemInputSchema = z.object({
  task_id: idSchema('短剧任务').optional(),
  title: z
    .string({ error: '请填写发布内容' })
    .trim()
    .min(1, '请填写发布内容')
    .max(50, '发布内容不能超过50个字')
    .refine(isSafe, '发布内容含有换行或不可见的控制字符'),
  platform: z.coerce
    .number({ error: '发布平台不正确' })
    .refine((value) => PLATFORM_IDS.includes(value), '发布平台不正确'),
  date: dateSchema('发布日期'),
  time: z.string({ error: '发布时间不正确' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, '发布时间格式应为 HH:mm'),
  note: noteSchema.default(''),
  status: z.enum(CALENDAR_STATUSES, { error: '状态只能是待发布或已发布' }).default('planned'),
});

export const calendarIdParamsSchema = z.object({ id: idSchema('排期编号') });

export const calendarQuerySchema = z
  .object({ start_date: dateSchema('开始日期'), end_date: dateSchema('结束日期') })
  .refine((range) => range.start_date <= range.end_date, { message: '开始日期不能晚于结束日期', path: ['end_date'] })
  .refine(
    (range) => Date.parse(range.end_date) - Date.parse(range.start_date) < OPERATE_CALENDAR_MAX_DAYS * 86_400_000,
    { message: `一次最多查看${OPERATE_CALENDAR_MAX_DAYS}天的排期`, path: ['end_date'] },
  );

export const calendarItemSchema = z.object({
  id: z.number().int(),
  task_id: z.number().int().nullable(),
  title: z.string(),
  platform: z.number().int(),
  platform_label: z.string(),
  date: z.string(),
  time: z.string(),
  note: z.string(),
  status: z.enum(CALENDAR_STATUSES),
  created_at: z.string(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

export const calendarListSchema = z.object({
  data: z.array(calendarItemSchema),
  /** Items the creator keeps in all, against the limit. */
  total_count: z.number().int(),
  limit: z.number().int(),
});
export type CalendarList = z.infer<typeof calendarListSchema>;

export const calendarDeleteResponseSchema = z.object({ id: z.number().int() });

export const platformLabel = (platform: number): string =>
  PLATFORM_LABELS[platform] ?? PLATFORM_LABELS[Platform.Other]!;
