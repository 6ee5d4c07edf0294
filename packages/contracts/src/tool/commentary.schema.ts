/**
 * 影视解说 (`commentary`): a narration written by the language service over the episodes' shots and dialogue,
 * spoken, with the footage fitted to it, subtitles, ducked background music and light effects. The config, its
 * speech styles, the narration script (lines tied to the shots they cover) and the script preview
 * (`POST /ai/v1/commentary/script`).
 */
import { z } from 'zod';
import { MUSIC_STYLES, type MusicStyle } from '../media/media.schema.js';
import { MAX_JOB_MEDIA, MAX_OUTPUT_COUNT, TOOL_DEFAULTS } from './tool-limits.js';

export const SPEECH_STYLES = ['humorous', 'suspense', 'warm', 'sharp', 'serious'] as const;
export type SpeechStyle = (typeof SPEECH_STYLES)[number];
export const SPEECH_STYLE_LABELS: Record<SpeechStyle, string> = {
  humorous: '幽默',
  suspense: '悬疑',
  warm: '温情',
  sharp: '犀利',
  serious: '正经',
};

/** Background music: a style of the music library, or none. */
export const COMMENTARY_MUSIC_STYLES = [...MUSIC_STYLES, 'none'] as const;
export type CommentaryMusicStyle = MusicStyle | 'none';

/** Lines of one narration script, and characters of one line. */
export const MAX_SCRIPT_LINES = 60;
export const SCRIPT_LINE_MAX_CHARS = 120;
/** Clips of one line. */
export const MAX_LINE_CLIPS = 8;

export const COMMENTARY_DEFAULTS = {
  speech_style: 'serious',
  background_music_style: 'soothing',
  subtitle_pos_y: 80,
  allow_vfx_effect: false,
  output_count: TOOL_DEFAULTS.output_count,
} as const;

/** A stretch of one episode a narration line is spoken over: seconds within the medium. */
export const scriptClipSchema = z
  .object(
    {
      media_id: z.number({ error: '镜头素材不正确' }).int('镜头素材不正确').positive('镜头素材不正确'),
      start: z.number({ error: '镜头起点不正确' }).min(0, '镜头起点不正确'),
      end: z.number({ error: '镜头终点不正确' }).positive('镜头终点不正确'),
    },
    { error: '镜头不正确' },
  )
  .refine((clip) => clip.end - clip.start >= 0.5, '每个镜头至少0.5秒');
export type ScriptClip = z.infer<typeof scriptClipSchema>;

/** One narration line and the shots it covers, in the order they are shown. */
export const scriptLineSchema = z.object(
  {
    text: z
      .string({ error: '解说文案不正确' })
      .trim()
      .min(1, '解说文案不能为空')
      .max(SCRIPT_LINE_MAX_CHARS, `每句解说不能超过${SCRIPT_LINE_MAX_CHARS}个字`),
    clips: z
      .array(scriptClipSchema, { error: '镜头不正确' })
      .min(1, '每句解说至少对应一个镜头')
      .max(MAX_LINE_CLIPS, `每句解说最多对应${MAX_LINE_CLIPS}个镜头`),
  },
  { error: '解说文案不正确' },
);
export type ScriptLine = z.infer<typeof scriptLineSchema>;

export const shotScriptsSchema = z
  .array(scriptLineSchema, { error: '解说文案不正确' })
  .min(1, '解说文案不能为空')
  .max(MAX_SCRIPT_LINES, `解说文案最多${MAX_SCRIPT_LINES}句`);

/**
 * The `commentary` config. `shot_scripts`: the script the creator reviewed (rendered as given); else `history_id`:
 * the script an earlier commentary job of the creator rendered; else the run writes one. `subtitle_pos_y` is the
 * percent of the picture's height, from the top, where the subtitle's bottom edge sits.
 */
export const commentaryConfigSchema = z.object(
  {
    shot_scripts: shotScriptsSchema.optional(),
    /** The narration voice (`GET /ai/v1/voices`); the default voice when null. */
    speech_voice: z.string({ error: '配音音色不正确' }).trim().max(64, '配音音色不正确').nullable().default(null),
    subtitle_pos_y: z.coerce
      .number({ error: '字幕位置不正确' })
      .min(0, '字幕位置不能小于0')
      .max(100, '字幕位置不能大于100')
      .default(COMMENTARY_DEFAULTS.subtitle_pos_y),
    history_id: z
      .string({ error: '历史任务不正确' })
      .regex(/^\d{1,18}$/, '历史任务不正确')
      .nullable()
      .default(null),
    speech_style: z.enum(SPEECH_STYLES, { error: '解说风格不正确' }).default(COMMENTARY_DEFAULTS.speech_style),
    background_music_style: z
      .enum(COMMENTARY_MUSIC_STYLES, { error: '背景音乐风格不正确' })
      .default(COMMENTARY_DEFAULTS.background_music_style),
    allow_vfx_effect: z.boolean({ error: '特效开关不正确' }).default(COMMENTARY_DEFAULTS.allow_vfx_effect),
    output_count: z.coerce
      .number({ error: '输出数量不正确' })
      .int('输出数量须为整数')
      .min(1, '输出数量至少为1')
      .max(MAX_OUTPUT_COUNT, `输出数量不能超过${MAX_OUTPUT_COUNT}`)
      .default(COMMENTARY_DEFAULTS.output_count),
  },
  { error: '解说设置不正确' },
);
export type CommentaryConfigInput = z.input<typeof commentaryConfigSchema>;
export type CommentaryConfig = z.output<typeof commentaryConfigSchema>;

const scriptMediaIdsSchema = z
  .array(z.number({ error: '素材编号不正确' }).int('素材编号不正确').positive('素材编号不正确'), {
    error: '请选择素材',
  })
  .min(1, '请至少选择一个素材')
  .max(MAX_JOB_MEDIA, `一次最多选择${MAX_JOB_MEDIA}个素材`)
  .transform((ids) => [...new Set(ids)]);

/** `POST /ai/v1/commentary/script`: the narration a run would speak, for the creator to edit first. */
export const commentaryScriptRequestSchema = z.object(
  {
    media_ids: scriptMediaIdsSchema,
    speech_style: z.enum(SPEECH_STYLES, { error: '解说风格不正确' }).default(COMMENTARY_DEFAULTS.speech_style),
    /** Write it again even when a script of these media and style is kept. */
    fresh: z.boolean({ error: '参数不正确' }).default(false),
  },
  { error: '请求不正确' },
);
export type CommentaryScriptRequest = z.input<typeof commentaryScriptRequestSchema>;

export const commentaryScriptSchema = z.object({
  /** `working` while the episodes are analysed and the script written (ask again); `ready`; `failed` with why. */
  status: z.enum(['working', 'ready', 'failed']),
  progress: z.number().int(),
  /** Where the dialogue came from: subtitles, recognised speech, or none (written from the pictures). */
  dialogue: z.enum(['embedded', 'recognised', 'none']).nullable(),
  shot_scripts: z.array(scriptLineSchema),
  error: z.string().nullable(),
});
export type CommentaryScript = z.infer<typeof commentaryScriptSchema>;

export const commentaryJobParamsSchema = z.object({
  id: z.string({ error: '任务编号不正确' }).regex(/^\d{1,18}$/, '任务编号不正确'),
});
