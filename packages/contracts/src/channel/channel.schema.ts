/**
 * Channel filing (账号报备, `/agent/v1/user/account/*`, `/agent/v1/report/check/{id}`): the media
 * channels a creator promotes on, reviewed by operators. One channel (platform + channel id) belongs to one creator.
 * Also the image uploads (cover, avatar) they and the profile use.
 */
import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { Platform, PLATFORM_LABELS } from '../enums.js';

export const ReportStatus = { Pending: 1, Approved: 2, Rejected: 3 } as const;
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus];
export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = { 1: '审核中', 2: '已通过', 3: '未通过' };

/** Channels one creator may have on file at once. */
export const CHANNEL_LIMIT = 50;

/**
 * Where a platform has known addresses, a channel's home page must be on one of them (a typo or a pasted share text
 * is caught before review). `Other` takes any http(s) address.
 */
export const CHANNEL_URL_HOSTS: Partial<Record<Platform, { hosts: readonly string[]; examples: string }>> = {
  [Platform.ShortVideo]: {
    hosts: ['douyin.com', 'iesdouyin.com', 'kuaishou.com', 'chenzhongtech.com', 'gifshow.com', 'tiktok.com'],
    examples: '抖音、快手',
  },
  [Platform.Social]: {
    hosts: ['weibo.com', 'weibo.cn', 'weixin.qq.com', 'qq.com', 'zhihu.com'],
    examples: '微博、微信视频号、知乎',
  },
  [Platform.VideoSharing]: {
    hosts: ['bilibili.com', 'b23.tv', 'ixigua.com', 'youku.com', 'iqiyi.com', 'youtube.com', 'youtu.be'],
    examples: 'B站、西瓜视频',
  },
  [Platform.PhotoSharing]: {
    hosts: ['xiaohongshu.com', 'xhslink.com', 'instagram.com', 'lofter.com'],
    examples: '小红书',
  },
};

/** `https://host[:port][/path…]` without spaces; contracts run in browsers and Node alike, so no `URL` here. */
const HTTP_URL = /^https?:\/\/([a-z0-9\u00a1-\uffff-]+(?:\.[a-z0-9\u00a1-\uffff-]+)+)(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;

/** The Chinese reason a channel address is refused for this platform, or null when it is fine. */
export function channelUrlProblem(platform: number, url: string): string | null {
  const match = HTTP_URL.exec(url.trim());
  if (!match) return '账号主页链接格式不正确，需以 http:// 或 https:// 开头';
  const rule = CHANNEL_URL_HOSTS[platform as Platform];
  if (!rule) return null;
  const host = match[1]!.toLowerCase();
  const known = rule.hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
  return known
    ? null
    : `该链接不是${PLATFORM_LABELS[platform as Platform]}（如${rule.examples}）的账号主页，请核对平台或链接`;
}

/** Image uploads: what a cover or avatar may be. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Width × height an uploaded image may have: checked from its header before it is decoded (a 60 000² PNG is 14 GB). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Stored images are re-encoded to fit this square (a cover or an avatar never shows larger). */
export const IMAGE_STORED_MAX_SIDE = 2048;
/** An uploaded image's name: `<agent id>-<random>.<ext>` (the owner is part of it). */
export const IMAGE_NAME_PATTERN = /^\d+-[A-Za-z0-9_-]{16,40}\.(jpg|png|webp)$/;
export const imageNameSchema = z
  .string({ error: '图片不正确，请重新上传' })
  .regex(IMAGE_NAME_PATTERN, '图片不正确，请重新上传');
/** Where an uploaded image is served; the name follows. */
export const IMAGE_URL_PREFIX = '/ai/v1/files/images/';

export const uploadImageResponseSchema = z.object({ image: z.string(), url: z.string() });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, `请填写${label}`)
    .max(max, `${label}不能超过${max}个字符`);

const channelFields = {
  platform: z.coerce.number({ error: '请选择平台' }).pipe(z.literal(Object.values(Platform), { error: '请选择平台' })),
  channel_name: text('账号名称', 32),
  channel_id: text('账号ID', 64).regex(/^[\w.@\-\u4e00-\u9fa5]+$/, '账号ID只能包含文字、字母、数字和 _ - . @'),
  channel_url: z
    .string({ error: '请填写账号主页链接' })
    .trim()
    .min(1, '请填写账号主页链接')
    .max(500, '账号主页链接不能超过500个字符'),
  cover: imageNameSchema.optional().or(z.literal('').transform(() => undefined)),
};

function refineChannelUrl(value: { platform: number; channel_url: string }, ctx: z.RefinementCtx) {
  const problem = channelUrlProblem(value.platform, value.channel_url);
  if (problem) ctx.addIssue({ code: 'custom', path: ['channel_url'], message: problem });
}

export const channelCreateSchema = z.object(channelFields).superRefine(refineChannelUrl);
export type ChannelCreate = z.input<typeof channelCreateSchema>;
export type ChannelCreateParsed = z.output<typeof channelCreateSchema>;

/** `POST /agent/v1/user/account/update`: a rejected filing, corrected by its creator and sent to review again. */
export const channelUpdateSchema = z
  .object({
    id: z.coerce.number({ error: '报备编号不正确' }).int('报备编号不正确').positive('报备编号不正确'),
    ...channelFields,
  })
  .superRefine(refineChannelUrl);
export type ChannelUpdate = z.input<typeof channelUpdateSchema>;
export type ChannelUpdateParsed = z.output<typeof channelUpdateSchema>;

export const channelSchema = z.object({
  id: z.number().int(),
  platform: z.number().int(),
  platform_name: z.string(),
  channel_name: z.string(),
  channel_id: z.string(),
  channel_url: z.string(),
  /** The cover's address (an uploaded image), or '' when none. */
  cover: z.string(),
  report_status: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type Channel = z.infer<typeof channelSchema>;

/** A review status in a query string: 1, 2 or 3; anything else (text, `%`, an object) is refused in Chinese. */
const reportStatusQuery = z.coerce
  .number({ error: '审核状态不正确' })
  .pipe(z.literal(Object.values(ReportStatus), { error: '审核状态不正确' }))
  .optional();

export const channelPageQuerySchema = pageQuerySchema.extend({
  report_status: reportStatusQuery,
});

export const channelDeleteSchema = z.object({
  ids: z
    .array(z.coerce.number({ error: '账号编号不正确' }).int('账号编号不正确').positive('账号编号不正确'), {
      error: '请选择要删除的账号',
    })
    .min(1, '请选择要删除的账号')
    .max(CHANNEL_LIMIT, `一次最多删除${CHANNEL_LIMIT}个账号`),
});

/** How many filings a delete removed. */
export const channelDeleteResponseSchema = z.object({ deleted: z.number().int() });

/** A filing's number in paths (`/agent/v1/report/check/:id`, `/ops/v1/channels/:id/...`). */
export const channelIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: '报备编号不正确' })
    .int('报备编号不正确')
    .positive('报备编号不正确')
    .meta({ label: '报备编号' }),
});

export const reportCheckSchema = z.object({
  id: z.number().int(),
  report_status: z.number().int(),
  status_label: z.string(),
  reason: z.string(),
  reviewed_at: z.string().nullable(),
});
export type ReportCheck = z.infer<typeof reportCheckSchema>;

/** Operators' view: the filing with its creator. */
export const opsChannelSchema = channelSchema.extend({
  agent_id: z.number().int(),
  agent_nickname: z.string(),
  agent_phone: z.string(),
});
export type OpsChannel = z.infer<typeof opsChannelSchema>;
export const opsChannelQuerySchema = pageQuerySchema.extend({
  status: reportStatusQuery,
});
export const channelRejectSchema = z.object({
  reason: z
    .string({ error: '请填写未通过原因' })
    .trim()
    .min(1, '请填写未通过原因')
    .max(200, '未通过原因不能超过200个字符'),
});
