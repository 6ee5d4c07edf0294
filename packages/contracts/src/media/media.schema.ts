/**
 * The media library (素材库, `/ai/v1/media`): uploaded videos, subtitle files and audio (tus at
 * `/ai/v1/media/uploads`), catalogue episodes added in one click, and tool results; their probe (duration,
 * resolution, codecs), and for videos a poster and thumbnail sprite. The music library of narration's background
 * tracks (`/ops/v1/music`, `/ai/v1/music`) is tagged by style.
 */
import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';

export const MEDIA_KINDS = ['upload', 'episode', 'output'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const MEDIA_KIND_LABELS: Record<MediaKind, string> = {
  upload: '上传',
  episode: '剧集',
  output: '成品',
};
/** What a library item holds: the upload's file name proposes it, its content must agree. */
export const MEDIA_TYPES = ['video', 'subtitle', 'audio'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const MEDIA_TYPE_LABELS: Record<MediaType, string> = {
  video: '视频',
  subtitle: '字幕',
  audio: '音频',
};
/** `processing` while probed and its poster and sprite are made; `failed` keeps the reason. */
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type MediaStatus = (typeof MEDIA_STATUSES)[number];

/** Uploads: one file at most this many bytes; the tus endpoint and the web app both check it. */
export const MEDIA_MAX_FILE_BYTES = 2 * 1024 ** 3;
/** Default per-creator quota (the server's MEDIA_QUOTA_BYTES may change it). */
export const MEDIA_DEFAULT_QUOTA_BYTES = 20 * 1024 ** 3;
export const MEDIA_UPLOAD_PATH = '/ai/v1/media/uploads';
/** Header of the tus answer that finishes an upload: the id of the library item it became. */
export const MEDIA_ID_HEADER = 'Upload-Media-Id';
/** Subtitle files: text, read whole, so small. */
export const SUBTITLE_MAX_FILE_BYTES = 4 * 1024 ** 2;
/** Audio files (narration, music): a long one at a high bit rate stays well below this. */
export const AUDIO_MAX_FILE_BYTES = 200 * 1024 ** 2;
export const VIDEO_EXTENSIONS = ['.mp4', '.mov', '.mkv', '.avi', '.flv', '.webm', '.m4v', '.ts'] as const;
export const SUBTITLE_EXTENSIONS = ['.srt', '.ass', '.ssa', '.vtt'] as const;
export const AUDIO_EXTENSIONS = ['.mp3', '.m4a', '.aac', '.wav', '.flac', '.ogg'] as const;
/** File pickers that need a video (the tools' source pickers). */
export const MEDIA_VIDEO_ACCEPT = ['video/*', ...VIDEO_EXTENSIONS].join(',');
/** The library's upload zone: videos, subtitle files and audio. */
export const MEDIA_ACCEPT = [MEDIA_VIDEO_ACCEPT, ...SUBTITLE_EXTENSIONS, 'audio/*', ...AUDIO_EXTENSIONS].join(',');

/** The type a file name proposes (its extension); anything else is taken for a video, as uploads always were. */
export function mediaTypeOfName(name: string): MediaType {
  const dot = name.lastIndexOf('.');
  const extension = dot >= 0 ? name.slice(dot).toLowerCase() : '';
  if ((SUBTITLE_EXTENSIONS as readonly string[]).includes(extension)) return 'subtitle';
  if ((AUDIO_EXTENSIONS as readonly string[]).includes(extension)) return 'audio';
  return 'video';
}

/** The most bytes one upload of the type may have (a video's limit is the server's MEDIA_MAX_FILE_BYTES). */
export function mediaTypeMaxBytes(type: MediaType, videoMaxBytes: number): number {
  if (type === 'subtitle') return Math.min(SUBTITLE_MAX_FILE_BYTES, videoMaxBytes);
  if (type === 'audio') return Math.min(AUDIO_MAX_FILE_BYTES, videoMaxBytes);
  return videoMaxBytes;
}
export const MEDIA_NAME_MAX_LENGTH = 100;
export const MEDIA_FOLDER_MAX_LENGTH = 30;
export const MEDIA_TAG_MAX = 10;

/**
 * Characters a name must not carry: CR, LF, NUL and the other C0 and C1 controls and the Unicode line
 * and paragraph separators (U+2028, U+2029), which split a log line or a download's header, and the bidi controls
 * that make `mp4.exe` read as `exe.mp4`.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/gu;

/** The text without those characters (names that arrive from a file system, such as a tus upload's file name). */
export function withoutUnsafeCharacters(text: string): string {
  return text.replace(UNSAFE_TEXT, '');
}

/** A name typed by the creator: those characters are refused, so what is saved is what was seen. */
const safeText = (schema: z.ZodString, message: string) =>
  schema.refine((value) => withoutUnsafeCharacters(value) === value, message);

/** The thumbnail sprite: `cols`×`rows` tiles of `width`×`height`, one every `interval` seconds (player preview). */
export const spriteSchema = z.object({
  url: z.string(),
  cols: z.number().int(),
  rows: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  interval: z.number(),
  count: z.number().int(),
});

export const mediaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(MEDIA_KINDS),
  type: z.enum(MEDIA_TYPES),
  status: z.enum(MEDIA_STATUSES),
  /** Why processing failed, in Chinese. */
  error: z.string().nullable(),
  folder: z.string(),
  tags: z.array(z.string()),
  size: z.number().int(),
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  video_codec: z.string(),
  audio_codec: z.string(),
  /**
   * Signed addresses (hours); '' while processing. `url` answers HTTP Range; `download_url` saves as the name.
   * Subtitle and audio items have no poster nor sprite.
   */
  url: z.string(),
  download_url: z.string(),
  poster_url: z.string(),
  sprite: spriteSchema.nullable(),
  /** The job that made it (tool results). */
  job_id: z.string().nullable(),
  /** The catalogue episode it came from. */
  serial_id: z.number().int().nullable(),
  episode_id: z.number().int().nullable(),
  episode_no: z.number().int().nullable(),
  created_at: z.string(),
});
export type Media = z.infer<typeof mediaSchema>;

const textFilter = (label: string, max: number) =>
  z
    .string({ error: `${label}不正确` })
    .trim()
    .max(max, `${label}过长`)
    .optional();

export const mediaListQuerySchema = pageQuerySchema.extend({
  folder: textFilter('文件夹', MEDIA_FOLDER_MAX_LENGTH),
  tag: textFilter('标签', 20),
  keyword: textFilter('关键词', MEDIA_NAME_MAX_LENGTH),
  kind: z.enum(MEDIA_KINDS, { error: '素材来源不正确' }).optional(),
  type: z.enum(MEDIA_TYPES, { error: '素材类型不正确' }).optional(),
  status: z.enum(MEDIA_STATUSES, { error: '素材状态不正确' }).optional(),
});
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;

export const mediaIdParamsSchema = z.object({
  id: z.coerce.number({ error: '素材编号不正确' }).int('素材编号不正确').positive('素材编号不正确'),
});

export const mediaUpdateSchema = z.object({
  name: safeText(
    z.string().trim().min(1, '请输入素材名称').max(MEDIA_NAME_MAX_LENGTH, '素材名称过长'),
    '素材名称不能含有换行、控制字符或文字方向控制符',
  )
    // A name is a label, never a path: an upload's file name loses its folders, and a typed one may not add them.
    .refine((value) => !/[/\\]/.test(value) && value !== '.' && value !== '..', '素材名称不能含有 / 或 \\')
    .optional(),
  folder: safeText(
    z.string().trim().max(MEDIA_FOLDER_MAX_LENGTH, '文件夹名称过长'),
    '文件夹名称不能含有换行、控制字符或文字方向控制符',
  ).optional(),
  tags: z
    .array(safeText(z.string().trim().min(1).max(20, '标签过长'), '标签不能含有换行、控制字符或文字方向控制符'))
    .max(MEDIA_TAG_MAX, `最多${MEDIA_TAG_MAX}个标签`)
    .optional(),
});

/** `POST /ai/v1/media/import-episodes`: a serial's episodes into the library (all, or the numbers given). */
export const importEpisodesSchema = z.object({
  serial_id: z.coerce.number({ error: '剧集编号不正确' }).int().positive('剧集编号不正确'),
  episode_ids: z.array(z.number().int().positive()).max(200).optional(),
});
export const importEpisodesResultSchema = z.object({
  /** Library items for the episodes (existing ones are not added twice). */
  data: z.array(mediaSchema),
  added: z.number().int(),
});

export const mediaUsageSchema = z.object({
  used_bytes: z.number().int(),
  quota_bytes: z.number().int(),
  max_file_bytes: z.number().int(),
  count: z.number().int(),
});
export const mediaFoldersSchema = z.object({
  data: z.array(z.object({ folder: z.string(), count: z.number().int() })),
});

/** The files behind a library item's signed links (`/ai/v1/files/{id}/{variant}`). */
export const MEDIA_FILE_VARIANTS = ['video', 'download', 'poster', 'sprite'] as const;
export type MediaFileVariant = (typeof MEDIA_FILE_VARIANTS)[number];
export const mediaFileParamsSchema = z.object({
  id: z.coerce.number().int().positive().meta({ label: '素材编号' }),
  variant: z.enum(MEDIA_FILE_VARIANTS).meta({ label: '文件类型' }),
});
/** The signature of a file link: its expiry (Unix seconds) and HMAC, as the library item's URLs carry them. */
export const mediaFileQuerySchema = z.object({
  exp: z.coerce.number().int().meta({ label: '链接有效期' }),
  sig: z.string().max(64).meta({ label: '链接签名' }),
});

/** A tus upload's address (`/ai/v1/media/uploads/{uploadId}`); its owner is part of the id, checked by the server. */
export const mediaUploadParamsSchema = z.object({ uploadId: z.string().meta({ label: '上传编号' }) });

/** Styles of background music: tracks of the music library are tagged with one; narration picks by style. */
export const MUSIC_STYLES = ['soothing', 'upbeat', 'suspense', 'sad', 'epic'] as const;
export type MusicStyle = (typeof MUSIC_STYLES)[number];
export const MUSIC_STYLE_LABELS: Record<MusicStyle, string> = {
  soothing: '舒缓',
  upbeat: '轻快',
  suspense: '悬疑',
  sad: '伤感',
  epic: '激昂',
};

/** A music file the operators upload (`POST /ops/v1/music`): raw bytes, read whole before probing. */
export const MUSIC_MAX_FILE_BYTES = 50 * 1024 ** 2;
export const MUSIC_NAME_MAX_LENGTH = 40;

const musicName = safeText(
  z.string({ error: '请输入配乐名称' }).trim().min(1, '请输入配乐名称').max(MUSIC_NAME_MAX_LENGTH, '配乐名称过长'),
  '配乐名称不能含有换行、控制字符或文字方向控制符',
);
const musicStyle = z.enum(MUSIC_STYLES, { error: '配乐风格不正确' });

export const musicTrackSchema = z.object({
  id: z.number().int(),
  style: z.enum(MUSIC_STYLES),
  name: z.string(),
  /** Seconds. */
  duration: z.number(),
  size: z.number().int(),
  audio_codec: z.string(),
  /** A signed address (hours) of the file, for an `<audio>` preview. */
  preview_url: z.string(),
  created_at: z.string(),
});
export type MusicTrack = z.infer<typeof musicTrackSchema>;

export const musicListSchema = z.object({ data: z.array(musicTrackSchema) });
export const musicListQuerySchema = z.object({ style: musicStyle.optional() });
/** `POST /ops/v1/music?style=&name=`: the body is the audio file itself. */
export const musicAddQuerySchema = z.object({ style: musicStyle, name: musicName });
export const musicUpdateSchema = z.object({ style: musicStyle.optional(), name: musicName.optional() });
export const musicIdParamsSchema = z.object({
  id: z.coerce.number({ error: '配乐编号不正确' }).int('配乐编号不正确').positive('配乐编号不正确'),
});
/** `GET /ai/v1/music`: every style in order, with its tracks (a style without tracks has an empty list). */
export const musicStylesSchema = z.object({
  data: z.array(z.object({ style: z.enum(MUSIC_STYLES), label: z.string(), tracks: z.array(musicTrackSchema) })),
});
export const musicFileParamsSchema = z.object({ id: z.coerce.number().int().positive().meta({ label: '配乐编号' }) });
