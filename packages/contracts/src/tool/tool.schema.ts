/**
 * The AI tool workspace (its tools, the mixed cut's config with cut durations and types, de-duplication options):
 * the tools and their prices, video jobs (`/ai/v1/jobs`), the high-energy mixed cut's timeline, and the job events.
 */
import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { parseConfigSchema } from './parse.schema.js';
import { commentaryConfigSchema } from './commentary.schema.js';
import { MAX_JOB_MEDIA, MAX_OUTPUT_COUNT, MAX_SCRIPT_COUNT, TOOL_DEFAULTS } from './tool-limits.js';

export { MAX_JOB_MEDIA, MAX_OUTPUT_COUNT, MAX_SCRIPT_COUNT, TOOL_DEFAULTS } from './tool-limits.js';

/** The six tools of the workspace nav, in nav order. */
export const NAV_TOOLS = ['mixcut', 'commentary', 'translate', 'dedup', 'media', 'publish'] as const;
export type NavTool = (typeof NAV_TOOLS)[number];
/** Tools that run as video jobs today; the others show 即将上线 until they are built. */
export const JOB_TOOLS = ['dedup', 'mixcut', 'translate', 'parse', 'commentary'] as const;
export type JobTool = (typeof JOB_TOOLS)[number];
/** Nav tools not built yet: the workspace and the landing page mark them 即将上线. */
export const COMING_SOON_TOOLS: readonly NavTool[] = ['publish'];
/**
 * The workspace's own list: the six nav tools, then 智能运营 (advice and a calendar, not a video tool) and 短剧解析
 * (episodes as annotated timelines, no video out).
 */
export const WORKSPACE_TOOLS = [...NAV_TOOLS, 'operate', 'parse'] as const;
export type WorkspaceTool = (typeof WORKSPACE_TOOLS)[number];

export const TOOL_LABELS: Record<NavTool | 'parse' | 'operate', string> = {
  mixcut: '高能混剪',
  commentary: '影视解说',
  translate: '字幕翻译',
  dedup: '批量去重',
  media: '素材库',
  publish: '批量发布',
  parse: '短剧解析',
  operate: '智能运营',
};

/** The ten de-duplication options, with the keys every side uses. */
export const DEDUP_OPTIONS = [
  'common',
  'pip',
  'rotate',
  'scale',
  'flip',
  'frame',
  'effect',
  'speed',
  'fps_down',
  'mirror',
] as const;
export type DedupOption = (typeof DEDUP_OPTIONS)[number];
export const DEDUP_OPTION_LABELS: Record<DedupOption, string> = {
  common: '常规去重',
  pip: '画中画',
  rotate: '旋转',
  scale: '缩放',
  flip: '翻转',
  frame: '边框',
  effect: '特效',
  speed: '变速',
  fps_down: '降帧',
  mirror: '镜像叠加',
};

/** Cut durations: auto, or a bucket whose output length lies in [min, max] seconds. */
export const CUT_DURATIONS = ['auto', 90, 150, 300] as const;
export type CutDuration = (typeof CUT_DURATIONS)[number];
export const CUT_DURATION_RANGES: Record<Exclude<CutDuration, 'auto'>, { min: number; max: number }> = {
  90: { min: 60, max: 90 },
  150: { min: 120, max: 150 },
  300: { min: 200, max: 300 },
};
export const CUT_DURATION_LABELS: Record<`${CutDuration}`, string> = {
  auto: '自动',
  '90': '60~90秒',
  '150': '120~150秒',
  '300': '200~300秒',
};

export const CUT_TYPES = ['high_cut', 'high_mixed', 'golden_three', 'golden_clips', 'high_pre'] as const;
export type CutType = (typeof CUT_TYPES)[number];
export const CUT_TYPE_LABELS: Record<CutType, { name: string; description: string }> = {
  high_cut: { name: '高能剪辑', description: '密集高光片段连续剪辑' },
  high_mixed: { name: '多集混剪', description: '跨多集挑选高光混合剪辑' },
  golden_three: { name: '黄金三秒', description: '最强3秒钩子开场，抓住注意力' },
  golden_clips: { name: '精彩片段', description: '精彩片段按剧情顺序串联' },
  high_pre: { name: '高能前置', description: '高潮片段前置作为预告' },
};

export const WATERMARK_MAX_LENGTH = 20;

const countSchema = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}须为整数`)
    .min(1, `${label}至少为1`)
    .max(max, `${label}不能超过${max}`);

export const dedupOptionSchema = z.enum(DEDUP_OPTIONS, { error: '去重选项不正确' });
const dedupListSchema = z
  .array(dedupOptionSchema, { error: '去重选项不正确' })
  .max(DEDUP_OPTIONS.length)
  .transform((options) => [...new Set(options)]);

/** `dedup` config: at least one option; every source gets `output_count` outputs. */
export const dedupConfigSchema = z.object(
  {
    options: dedupListSchema.refine((options) => options.length > 0, '请至少选择一种去重方式'),
    output_count: countSchema('输出数量', MAX_OUTPUT_COUNT).default(TOOL_DEFAULTS.output_count),
  },
  { error: '去重设置不正确' },
);
export type DedupConfig = z.infer<typeof dedupConfigSchema>;

/** One clip of a mixed-cut timeline: seconds within one source medium. */
export const timelineClipSchema = z
  .object(
    {
      media_id: z.number({ error: '片段素材不正确' }).int('片段素材不正确').positive('片段素材不正确'),
      start: z.number({ error: '片段起点不正确' }).min(0, '片段起点不正确'),
      end: z.number({ error: '片段终点不正确' }).positive('片段终点不正确'),
      /** Highlight score 0–1 the planner gave it (ignored on input). */
      score: z.number().optional(),
      /** Why the planner chose it, in Chinese (ignored on input). */
      reason: z.string().optional(),
    },
    { error: '时间线片段不正确' },
  )
  .refine((clip) => clip.end - clip.start >= 0.5, '片段至少0.5秒');
export type TimelineClip = z.infer<typeof timelineClipSchema>;

export const timelineSchema = z.object(
  {
    clips: z
      .array(timelineClipSchema, { error: '时间线不正确' })
      .min(1, '时间线至少需要一个片段')
      .max(200, '时间线片段过多'),
  },
  { error: '时间线不正确' },
);
export type Timeline = z.infer<typeof timelineSchema>;

/**
 * The mixed cut's config. `script_count` distinct timelines, each rendered `output_count` times with its own
 * de-duplication jitter. `scripts` (optional) are timelines the creator reviewed (dropped or reordered clips) from
 * `POST /ai/v1/mixcut/plan`; without them the planner's choice is rendered.
 */
export const highCutConfigSchema = z.object(
  {
    watermark_switch: z.boolean({ error: '水印开关不正确' }).default(false),
    watermark: z
      .string({ error: '水印文字不正确' })
      .trim()
      .max(WATERMARK_MAX_LENGTH, `水印文字不能超过${WATERMARK_MAX_LENGTH}个字`)
      .default(''),
    cut_duration: z
      .union([z.literal('auto'), z.coerce.number().pipe(z.literal([90, 150, 300]))], { error: '剪辑时长不正确' })
      .default('auto'),
    deduplication: dedupListSchema.default([]),
    output_count: countSchema('输出数量', MAX_OUTPUT_COUNT).default(TOOL_DEFAULTS.output_count),
    cut_type: z.enum(CUT_TYPES, { error: '剪辑类型不正确' }).default('high_cut'),
    script_count: countSchema('脚本数量', MAX_SCRIPT_COUNT).default(TOOL_DEFAULTS.script_count),
    scripts: z
      .array(timelineSchema, { error: '剪辑脚本不正确' })
      .max(MAX_SCRIPT_COUNT, `剪辑脚本不能超过${MAX_SCRIPT_COUNT}个`)
      .optional(),
  },
  { error: '剪辑设置不正确' },
);
export type HighCutConfig = z.infer<typeof highCutConfigSchema>;

/** Subtitle languages of 字幕/视频翻译. */
export const SUBTITLE_LANGUAGES = ['zh', 'en'] as const;
export type SubtitleLanguage = (typeof SUBTITLE_LANGUAGES)[number];
export const SUBTITLE_LANGUAGE_LABELS: Record<SubtitleLanguage, string> = { zh: '中文', en: '英文' };

/** `double`: the translation with the original line under it in a second style; `single`: the translation only. */
export const SUBTITLE_TYPES = ['double', 'single'] as const;
export type SubtitleType = (typeof SUBTITLE_TYPES)[number];
export const SUBTITLE_TYPE_LABELS: Record<SubtitleType, string> = { double: '双语字幕', single: '仅译文' };

/** Where the text sits against its anchor; each has its `subtitle_x`: left 0, center 0.5, right 0.9999. */
export const SUBTITLE_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type SubtitleAlignment = (typeof SUBTITLE_ALIGNMENTS)[number];
export const SUBTITLE_ALIGNMENT_X: Record<SubtitleAlignment, number> = { left: 0, center: 0.5, right: 0.9999 };
export const SUBTITLE_ALIGNMENT_LABELS: Record<SubtitleAlignment, string> = {
  left: '左对齐',
  center: '居中',
  right: '右对齐',
};

/** Fonts the burner has and the line breaker can measure (Debian's fonts-noto-cjk). */
export const SUBTITLE_FONTS = ['Noto Sans CJK SC', 'Noto Serif CJK SC'] as const;
export type SubtitleFont = (typeof SUBTITLE_FONTS)[number];
export const SUBTITLE_FONT_LABELS: Record<SubtitleFont, string> = {
  'Noto Sans CJK SC': '思源黑体',
  'Noto Serif CJK SC': '思源宋体',
};

/** The colours of the outline and shadow (or the box behind the text), chosen by name. */
export const SUBTITLE_EFFECT_STYLES = ['black', 'white', 'gray', 'box'] as const;
export type SubtitleEffectStyle = (typeof SUBTITLE_EFFECT_STYLES)[number];
export const SUBTITLE_EFFECT_STYLE_LABELS: Record<SubtitleEffectStyle, string> = {
  black: '黑色描边',
  white: '白色描边',
  gray: '灰色描边',
  box: '半透明底框',
};

/**
 * Font sizes a creator may choose: the size is counted on a picture whose short side is 288 lines (ASS's own
 * default PlayResY) and scaled to the video, and every size of this range is checked to wrap inside the safe area.
 */
export const SUBTITLE_FONT_SIZE_RANGE = { min: 16, max: 48 } as const;
/** Outline and shadow widths, counted like the font size. */
export const SUBTITLE_EFFECT_WIDTH_MAX = 8;

/** What the translate form starts with. */
export const TRANSLATE_DEFAULTS = {
  source_language: 'en',
  target_language: 'zh',
  need_speech_translate: false,
  subtitle_type: 'double',
  subtitle_x: SUBTITLE_ALIGNMENT_X.center,
  subtitle_y: 60,
  font: 'Noto Sans CJK SC',
  font_size: 22,
  font_color: '#FFFFFF',
  alignment: 'center',
  bold: false,
  underline: false,
  italic: false,
  font_color_opacity: 100,
  shadow: 1,
  outline: 2,
  effect_color_style: 'black',
} as const;

/** Height of the blur band over burned-in source subtitles, in percent of the picture. */
export const COVER_BAND_HEIGHT_RANGE = { min: 3, max: 30 } as const;
export const MAX_TRANSLATE_CUES = 3000;
/** Characters of one cue's text or translation. */
export const TRANSLATE_CUE_TEXT_MAX = 300;

/** One line of the subtitle list: times in milliseconds, the source text and its translation. */
export const translateCueSchema = z
  .object(
    {
      start_ms: z.number({ error: '字幕时间不正确' }).int('字幕时间不正确').min(0, '字幕时间不正确'),
      end_ms: z.number({ error: '字幕时间不正确' }).int('字幕时间不正确').positive('字幕时间不正确'),
      text: z.string({ error: '字幕原文不正确' }).trim().max(TRANSLATE_CUE_TEXT_MAX, '字幕原文过长'),
      translation: z.string({ error: '字幕译文不正确' }).trim().max(TRANSLATE_CUE_TEXT_MAX, '字幕译文过长'),
    },
    { error: '字幕不正确' },
  )
  .refine((cue) => cue.end_ms - cue.start_ms >= 200, '每条字幕至少0.2秒')
  .refine((cue) => cue.text !== '' || cue.translation !== '', '字幕原文与译文不能都为空');
export type TranslateCue = z.infer<typeof translateCueSchema>;

const flagSchema = (label: string) => z.boolean({ error: `${label}不正确` });
const rangeSchema = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .min(min, `${label}不能小于${min}`)
    .max(max, `${label}不能大于${max}`);

/**
 * `translate` config. `subtitle_x` is where the text is anchored across the picture (0 its left edge, 1 its right),
 * `subtitle_y` the percent of the picture's height, from the top, at which the subtitle block's bottom edge sits
 * (ASS's MarginV is the rest of the height below it); both are kept inside the short-video safe area when rendered.
 */
export const translateConfigSchema = z
  .object(
    {
      source_language: z
        .enum(SUBTITLE_LANGUAGES, { error: '原文语言不正确' })
        .default(TRANSLATE_DEFAULTS.source_language),
      target_language: z
        .enum(SUBTITLE_LANGUAGES, { error: '译文语言不正确' })
        .default(TRANSLATE_DEFAULTS.target_language),
      need_speech_translate: flagSchema('配音开关').default(TRANSLATE_DEFAULTS.need_speech_translate),
      subtitle_type: z.enum(SUBTITLE_TYPES, { error: '字幕类型不正确' }).default(TRANSLATE_DEFAULTS.subtitle_type),
      subtitle_x: rangeSchema('字幕横向位置', 0, 1).default(TRANSLATE_DEFAULTS.subtitle_x),
      subtitle_y: rangeSchema('字幕纵向位置', 0, 100).default(TRANSLATE_DEFAULTS.subtitle_y),
      font: z.enum(SUBTITLE_FONTS, { error: '字体不正确' }).default(TRANSLATE_DEFAULTS.font),
      font_size: rangeSchema('字号', SUBTITLE_FONT_SIZE_RANGE.min, SUBTITLE_FONT_SIZE_RANGE.max)
        .int('字号须为整数')
        .default(TRANSLATE_DEFAULTS.font_size),
      font_color: z
        .string({ error: '字体颜色不正确' })
        .regex(/^#[0-9a-fA-F]{6}$/, '字体颜色须为 #RRGGBB')
        .transform((colour) => colour.toUpperCase())
        .default(TRANSLATE_DEFAULTS.font_color),
      alignment: z.enum(SUBTITLE_ALIGNMENTS, { error: '对齐方式不正确' }).default(TRANSLATE_DEFAULTS.alignment),
      bold: flagSchema('加粗').default(TRANSLATE_DEFAULTS.bold),
      underline: flagSchema('下划线').default(TRANSLATE_DEFAULTS.underline),
      italic: flagSchema('斜体').default(TRANSLATE_DEFAULTS.italic),
      font_color_opacity: rangeSchema('字体不透明度', 0, 100)
        .int('字体不透明度须为整数')
        .default(TRANSLATE_DEFAULTS.font_color_opacity),
      shadow: rangeSchema('阴影', 0, SUBTITLE_EFFECT_WIDTH_MAX).default(TRANSLATE_DEFAULTS.shadow),
      outline: rangeSchema('描边', 0, SUBTITLE_EFFECT_WIDTH_MAX).default(TRANSLATE_DEFAULTS.outline),
      effect_color_style: z
        .enum(SUBTITLE_EFFECT_STYLES, { error: '描边样式不正确' })
        .default(TRANSLATE_DEFAULTS.effect_color_style),
      /** A subtitle file (SRT/ASS/VTT) of the library to translate instead of the video's own or recognised words. */
      subtitle_media_id: z
        .number({ error: '字幕文件不正确' })
        .int('字幕文件不正确')
        .positive('字幕文件不正确')
        .nullable()
        .default(null),
      /** The dubbing voice (`GET /ai/v1/voices`); the default voice of the target language when null. */
      speech_voice: z.string({ error: '配音音色不正确' }).trim().max(64, '配音音色不正确').nullable().default(null),
      /** A blur band over subtitles burned into the source: its centre and height in percent of the picture. */
      cover_band: z
        .object(
          {
            y: rangeSchema('遮挡位置', 0, 100),
            height: rangeSchema('遮挡高度', COVER_BAND_HEIGHT_RANGE.min, COVER_BAND_HEIGHT_RANGE.max),
          },
          { error: '遮挡原字幕设置不正确' },
        )
        .nullable()
        .default(null),
      /** The subtitle list the creator reviewed (`POST /ai/v1/translate/subtitles`); rendered as given. */
      cues: z
        .array(translateCueSchema, { error: '字幕列表不正确' })
        .min(1, '字幕列表不能为空')
        .max(MAX_TRANSLATE_CUES, `字幕不能超过${MAX_TRANSLATE_CUES}条`)
        .optional(),
    },
    { error: '翻译设置不正确' },
  )
  .refine((config) => config.source_language !== config.target_language, {
    message: '原文语言与译文语言不能相同',
    path: ['target_language'],
  });
export type TranslateConfigInput = z.input<typeof translateConfigSchema>;
export type TranslateConfig = z.output<typeof translateConfigSchema>;

const mediaIdsSchema = z
  .array(z.number({ error: '素材编号不正确' }).int('素材编号不正确').positive('素材编号不正确'), {
    error: '请选择素材',
  })
  .min(1, '请至少选择一个素材')
  .max(MAX_JOB_MEDIA, `一次最多选择${MAX_JOB_MEDIA}个素材`)
  .transform((ids) => [...new Set(ids)]);

/** `POST /ai/v1/jobs` and `POST /ai/v1/jobs/quote`. */
export const createJobSchema = z.discriminatedUnion(
  'tool',
  [
    z.object({ tool: z.literal('dedup'), media_ids: mediaIdsSchema, config: dedupConfigSchema }),
    z.object({ tool: z.literal('mixcut'), media_ids: mediaIdsSchema, config: highCutConfigSchema }),
    z.object({ tool: z.literal('translate'), media_ids: mediaIdsSchema, config: translateConfigSchema }),
    z.object({ tool: z.literal('parse'), media_ids: mediaIdsSchema, config: parseConfigSchema }),
    z.object({ tool: z.literal('commentary'), media_ids: mediaIdsSchema, config: commentaryConfigSchema }),
  ],
  { error: '工具不存在或暂未上线' },
);
export type CreateJobInput = z.input<typeof createJobSchema>;
export type CreateJob = z.output<typeof createJobSchema>;

/** `POST /ai/v1/mixcut/plan`: the timelines the planner would render, for the creator to review. */
export const mixcutPlanRequestSchema = z.object({ media_ids: mediaIdsSchema, config: highCutConfigSchema });
export const mixcutPlanSchema = z.object({
  /** `analyzing` while some media are still being analysed (poll again); `ready` with the scripts. */
  status: z.enum(['analyzing', 'ready']),
  /** Percent of the media analysed so far. */
  progress: z.number().int(),
  /** Output length range in seconds this plan fills. */
  range: z.object({ min: z.number(), max: z.number() }),
  scripts: z.array(timelineSchema.extend({ duration: z.number() })),
});
export type MixcutPlan = z.infer<typeof mixcutPlanSchema>;

/** A price and what it is made of, shown before running. */
export const quoteSchema = z.object({
  price: z.number().int(),
  outputs: z.number().int(),
  /** Minutes of output the price counts (rounded up per output). */
  minutes: z.number().int(),
  per_output: z.number().int(),
  per_minute: z.number().int(),
});
export type Quote = z.infer<typeof quoteSchema>;

export const toolInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(['available', 'coming_soon']),
  /** Whether a run can start now: the tool is built and the AI services it needs are configured. */
  available: z.boolean(),
  /** Why not, in Chinese (`翻译服务未配置，请联系运营`, `即将上线`); null when available. */
  unavailable_reason: z.string().nullable(),
  /** Points per output and per started minute of output (0 for tools that charge nothing). */
  price: z.object({ per_output: z.number().int(), per_minute: z.number().int() }),
  limits: z.object({
    max_media: z.number().int(),
    max_outputs: z.number().int(),
    max_scripts: z.number().int(),
  }),
});
export type ToolInfo = z.infer<typeof toolInfoSchema>;
export const toolListSchema = z.object({ data: z.array(toolInfoSchema) });

export const TOOL_JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type ToolJobStatus = (typeof TOOL_JOB_STATUSES)[number];
export const TOOL_JOB_STATUS_LABELS: Record<ToolJobStatus, string> = {
  queued: '排队中',
  running: '处理中',
  succeeded: '已完成',
  failed: '失败',
  cancelled: '已取消',
};
export const isTerminalToolJob = (status: ToolJobStatus) =>
  status === 'succeeded' || status === 'failed' || status === 'cancelled';

export const jobOutputSchema = z.object({
  media_id: z.number().int(),
  name: z.string(),
  /** Signed addresses of the file (HTTP Range) and of its download (saved under its name), valid for hours. */
  url: z.string(),
  download_url: z.string(),
  poster_url: z.string(),
  duration: z.number(),
  /** 0–1: how alike the output still is to its source (de-duplication); lower is further. */
  similarity: z.number().optional(),
  /** What the similarity means, in Chinese. */
  similarity_note: z.string().optional(),
  /** Which source, script and copy this output is. */
  source_media_id: z.number().int().optional(),
  script_index: z.number().int().optional(),
  /** De-duplication: still above the similarity goal after every re-render (未达标); its points were given back. */
  below_goal: z.boolean().optional(),
  /** Points given back for this output. */
  refunded_points: z.number().int().optional(),
  /** 字幕翻译: this output is the subtitle file (SRT or ASS) of the translated video beside it, not a video. */
  subtitle_format: z.enum(['srt', 'ass']).optional(),
});
export type JobOutput = z.infer<typeof jobOutputSchema>;

export const toolJobSchema = z.object({
  job_id: z.string(),
  /** The job's number among the creator's own jobs: 1 for their first (`job_id` is the product-wide id). */
  number: z.number().int(),
  tool: z.enum(JOB_TOOLS),
  status: z.enum(TOOL_JOB_STATUSES),
  progress: z.number().int(),
  /** The stage in Chinese (排队中, 分析素材, 渲染第2/3个, 校验相似度…). */
  stage: z.string(),
  price: z.number().int(),
  media_ids: z.array(z.number().int()),
  config: z.record(z.string(), z.unknown()),
  outputs: z.array(jobOutputSchema),
  /** The run's log in Chinese, one line per stage or result, with Beijing times. */
  logs: z.array(z.string()),
  error: z.string().optional(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ToolJob = z.infer<typeof toolJobSchema>;

export const createJobResultSchema = z.object({ job_id: z.string(), price: z.number().int() });

export const toolJobListQuerySchema = pageQuerySchema.extend({
  tool: z.enum(JOB_TOOLS, { error: '工具不正确' }).optional(),
  status: z.enum(TOOL_JOB_STATUSES, { error: '任务状态不正确' }).optional(),
});
/** `POST /ai/v1/jobs`: the key that makes a retried run the same job (charged once). */
export const jobRequestKeyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .regex(/^[\w-]{8,64}$/, '请求编号不正确')
    .optional(),
});

export const toolJobIdParamsSchema = z.object({
  id: z.string({ error: '任务编号不正确' }).regex(/^\d{1,18}$/, '任务编号不正确'),
});

/** Where the words of a translation came from. */
export const SUBTITLE_ORIGINS = ['uploaded', 'embedded', 'recognised'] as const;
export type SubtitleOriginId = (typeof SUBTITLE_ORIGINS)[number];
export const SUBTITLE_ORIGIN_TEXT: Record<SubtitleOriginId, string> = {
  uploaded: '上传的字幕文件',
  embedded: '视频自带字幕',
  recognised: '语音识别',
};

/**
 * `POST /ai/v1/translate/subtitles`: the subtitle list a translation would render (recognised or read, split into
 * sentences, translated with the creator's glossary), for the creator to correct before running. Free: kept per
 * video, subtitle file, languages and glossary, and reused by the run.
 */
export const translateSubtitlesRequestSchema = z
  .object(
    {
      media_id: z.number({ error: '请选择视频' }).int('素材编号不正确').positive('素材编号不正确'),
      source_language: z
        .enum(SUBTITLE_LANGUAGES, { error: '原文语言不正确' })
        .default(TRANSLATE_DEFAULTS.source_language),
      target_language: z
        .enum(SUBTITLE_LANGUAGES, { error: '译文语言不正确' })
        .default(TRANSLATE_DEFAULTS.target_language),
      subtitle_media_id: z
        .number({ error: '字幕文件不正确' })
        .int('字幕文件不正确')
        .positive('字幕文件不正确')
        .nullable()
        .default(null),
    },
    { error: '请求不正确' },
  )
  .refine((body) => body.source_language !== body.target_language, {
    message: '原文语言与译文语言不能相同',
    path: ['target_language'],
  });
export const translateSubtitlesSchema = z.object({
  /** `working` while recognised and translated (ask again), `ready` with the list, `failed` with the reason. */
  status: z.enum(['working', 'ready', 'failed']),
  progress: z.number().int(),
  origin: z.enum(SUBTITLE_ORIGINS).nullable(),
  cues: z.array(translateCueSchema),
  error: z.string().nullable(),
});
export type TranslateSubtitles = z.infer<typeof translateSubtitlesSchema>;

export const GLOSSARY_MAX_ENTRIES = 200;
/** A creator's glossary: names and terms always translated their way (both languages' forms). */
export const glossarySchema = z.object({
  data: z
    .array(
      z.object(
        {
          source: z.string({ error: '术语原文不正确' }).trim().min(1, '请输入术语原文').max(50, '术语原文过长'),
          target: z.string({ error: '术语译文不正确' }).trim().min(1, '请输入术语译文').max(50, '术语译文过长'),
        },
        { error: '术语不正确' },
      ),
      { error: '术语表不正确' },
    )
    .max(GLOSSARY_MAX_ENTRIES, `术语表最多${GLOSSARY_MAX_ENTRIES}条`),
});
export type Glossary = z.infer<typeof glossarySchema>;

/** A voice for dubbing and narration; `builtin` voices are machine speech that needs no service. */
export const voiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  builtin: z.boolean(),
});
export const voiceListSchema = z.object({ data: z.array(voiceSchema) });
export type Voice = z.infer<typeof voiceSchema>;
