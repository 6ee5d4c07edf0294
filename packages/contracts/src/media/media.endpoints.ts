/**
 * The media library (`/ai/v1/media`): the list, one item, rename/move/tag, delete, usage, folders, catalogue episodes
 * in one click, the tus upload endpoint, and the signed file links (`/ai/v1/files/...`).
 */
import { z } from 'zod';
import { pagedSchema } from '../envelope.js';
import { endpoint, type EndpointMethod } from '../endpoint.js';
import { opsAccess } from '../operator/operator-roles.js';
import {
  importEpisodesResultSchema,
  importEpisodesSchema,
  MEDIA_UPLOAD_PATH,
  mediaFileParamsSchema,
  mediaFileQuerySchema,
  mediaFoldersSchema,
  mediaIdParamsSchema,
  mediaListQuerySchema,
  mediaSchema,
  mediaUpdateSchema,
  mediaUploadParamsSchema,
  mediaUsageSchema,
  MUSIC_MAX_FILE_BYTES,
  musicAddQuerySchema,
  musicFileParamsSchema,
  musicIdParamsSchema,
  musicListQuerySchema,
  musicListSchema,
  musicStylesSchema,
  musicTrackSchema,
  musicUpdateSchema,
} from './media.schema.js';

const tag = '素材库';

const list = endpoint({
  method: 'GET',
  path: '/ai/v1/media',
  guard: 'creator',
  tag,
  summary: '素材列表（按文件夹、标签、关键词、来源、类型、状态筛选）',
  query: mediaListQuerySchema,
  response: pagedSchema(mediaSchema),
});

const usage = endpoint({
  method: 'GET',
  path: '/ai/v1/media/usage',
  guard: 'creator',
  tag,
  summary: '素材库用量与配额',
  response: mediaUsageSchema,
});

const folders = endpoint({
  method: 'GET',
  path: '/ai/v1/media/folders',
  guard: 'creator',
  tag,
  summary: '素材文件夹及各自的素材数',
  response: mediaFoldersSchema,
});

const importEpisodes = endpoint({
  method: 'POST',
  path: '/ai/v1/media/import-episodes',
  guard: 'creator',
  tag,
  summary: '一键把剧集加入素材库',
  description:
    '已在素材库中的剧集不会重复添加。成功时 msg 为「已添加 N 集到素材库」，一集都没有新增时为「这些剧集已在素材库中」。',
  body: importEpisodesSchema,
  response: importEpisodesResultSchema,
  errors: ['taskNotFound'],
});

const one = endpoint({
  method: 'GET',
  path: '/ai/v1/media/:id',
  guard: 'creator',
  tag,
  summary: '一条素材（处理中的素材据此跟进状态）',
  params: mediaIdParamsSchema,
  response: mediaSchema,
  errors: ['mediaNotFound'],
});

const update = endpoint({
  method: 'POST',
  path: '/ai/v1/media/:id/update',
  guard: 'creator',
  tag,
  summary: '重命名素材、移动文件夹或修改标签',
  params: mediaIdParamsSchema,
  body: mediaUpdateSchema,
  response: mediaSchema,
  successText: '已保存',
  errors: ['mediaNotFound'],
});

const remove = endpoint({
  method: 'POST',
  path: '/ai/v1/media/:id/delete',
  guard: 'creator',
  tag,
  summary: '删除素材及其文件',
  description: '再次删除同一素材的回答与第一次相同；正被排队或运行中的任务使用的素材不能删除。',
  params: mediaIdParamsSchema,
  response: z.null(),
  successText: '已删除',
  errors: ['mediaInUse'],
});

const file = endpoint({
  method: 'GET',
  path: '/ai/v1/files/:id/:variant',
  guard: 'anonymous',
  tag,
  summary: '素材文件（签名链接：视频、字幕或音频文件，下载、封面、缩略图雪碧图）',
  description:
    '不需要登录（`<video>` 无法携带令牌），以链接中的 `exp` 与 `sig` 为凭证；链接由素材的 URL 字段给出。支持 `Range`，范围不合法时回答 416。',
  params: mediaFileParamsSchema,
  query: mediaFileQuerySchema,
  answer: 'file',
  errors: ['mediaLinkInvalid', 'mediaNotFound'],
});

/**
 * The tus 1.0 upload endpoint (tus.io: core, creation, expiration, termination): every method on both addresses is
 * one step of that protocol, answered by the tus server in its own headers and plain-text bodies.
 */
const TUS_DESCRIPTION =
  'tus 1.0 断点续传协议（扩展：creation、expiration、termination），分片以 `PATCH` 的 `application/offset+octet-stream` 请求体发送，进度与到期时间在 `Upload-Offset`、`Upload-Expires` 头中。' +
  '文件名（`Upload-Metadata` 的 `filename`）的扩展名决定素材类型：.srt/.ass/.ssa/.vtt 为字幕（不超过 4MB），.mp3/.m4a/.aac/.wav/.flac/.ogg 为音频（不超过 200MB），其余为视频；处理时再按内容核对，内容不符的素材以失败告终并给出原因。' +
  '上传完成的 PATCH 在 `Upload-Media-Id` 头中给出生成的素材编号。未登录时回答信封（401）；此外的拒绝（超过单文件上限 413、超出素材库配额、未声明长度、上传已过期、已完成的上传不能终止 409、不是自己的上传 404）以 HTTP 状态和中文纯文本回答。';

function tusStep<const M extends EndpointMethod, const P extends `/${string}`>(
  method: M,
  path: P,
  summary: string,
  guard: 'creator' | 'anonymous' = 'creator',
) {
  return endpoint({
    method,
    path,
    guard,
    tag,
    summary,
    description: TUS_DESCRIPTION,
    ...(path.endsWith(':uploadId') && { params: mediaUploadParamsSchema }),
    answer: 'tus',
  });
}

const UPLOAD_ONE = `${MEDIA_UPLOAD_PATH}/:uploadId` as const;

export const mediaApi = {
  list,
  usage,
  folders,
  importEpisodes,
  one,
  update,
  remove,
  file,
  uploadCreate: tusStep('POST', MEDIA_UPLOAD_PATH, '创建上传（tus creation）'),
  uploadCreateHead: tusStep('HEAD', MEDIA_UPLOAD_PATH, 'tus 上传地址（不带上传编号）的 HEAD'),
  uploadCreatePatch: tusStep('PATCH', MEDIA_UPLOAD_PATH, 'tus 上传地址（不带上传编号）的 PATCH'),
  uploadCreateDelete: tusStep('DELETE', MEDIA_UPLOAD_PATH, 'tus 上传地址（不带上传编号）的 DELETE'),
  uploadCreateOptions: tusStep('OPTIONS', MEDIA_UPLOAD_PATH, 'tus 协议能力与跨域预检', 'anonymous'),
  uploadPost: tusStep('POST', UPLOAD_ONE, '带上传编号地址的 POST（按 tus 协议处理）'),
  uploadHead: tusStep('HEAD', UPLOAD_ONE, '查询上传进度（tus HEAD）'),
  uploadPatch: tusStep('PATCH', UPLOAD_ONE, '续传一个分片（tus PATCH）'),
  uploadDelete: tusStep('DELETE', UPLOAD_ONE, '放弃上传（tus termination）'),
  uploadOptions: tusStep('OPTIONS', UPLOAD_ONE, 'tus 协议能力与跨域预检', 'anonymous'),
} as const;

const musicTag = '配乐库';

const musicStyles = endpoint({
  method: 'GET',
  path: '/ai/v1/music',
  guard: 'creator',
  tag: musicTag,
  summary: '背景音乐：各风格及其配乐（含试听链接）',
  response: musicStylesSchema,
});

const musicFile = endpoint({
  method: 'GET',
  path: '/ai/v1/files/music/:id',
  guard: 'anonymous',
  tag: musicTag,
  summary: '配乐文件（签名链接，试听用）',
  description:
    '不需要登录（`<audio>` 无法携带令牌），以链接中的 `exp` 与 `sig` 为凭证；链接由配乐的 `preview_url` 给出。支持 `Range`。',
  params: musicFileParamsSchema,
  query: mediaFileQuerySchema,
  answer: 'file',
  errors: ['mediaLinkInvalid', 'musicTrackNotFound'],
});

/** The creator's music endpoints. */
export const musicApi = { musicStyles, musicFile } as const;

const opsMusicList = endpoint({
  method: 'GET',
  path: '/ops/v1/music',
  guard: 'operator',
  roles: opsAccess.contentRead,
  tag: musicTag,
  summary: '配乐库列表（可按风格筛选）',
  query: musicListQuerySchema,
  response: musicListSchema,
});

const opsMusicAdd = endpoint({
  method: 'POST',
  path: '/ops/v1/music',
  guard: 'operator',
  roles: opsAccess.content,
  tag: musicTag,
  summary: '上传一首配乐（风格与名称在查询参数中）',
  description: `请求体是音频文件的原始字节（\`Content-Type\` 为 \`audio/*\` 或 \`application/octet-stream\`），不超过 ${MUSIC_MAX_FILE_BYTES / 1024 / 1024}MB；服务端按内容探测（mp3、m4a、aac、wav、flac、ogg），须有音轨且没有视频画面，时长 5 秒到 30 分钟。`,
  query: musicAddQuerySchema,
  response: musicTrackSchema,
  successText: '已添加',
  errors: ['musicFileInvalid', 'payloadTooLarge'],
});

const opsMusicUpdate = endpoint({
  method: 'PATCH',
  path: '/ops/v1/music/:id',
  guard: 'operator',
  roles: opsAccess.content,
  tag: musicTag,
  summary: '修改配乐的风格或名称',
  params: musicIdParamsSchema,
  body: musicUpdateSchema,
  response: musicTrackSchema,
  successText: '已保存',
  errors: ['musicTrackNotFound'],
});

const opsMusicDelete = endpoint({
  method: 'DELETE',
  path: '/ops/v1/music/:id',
  guard: 'operator',
  roles: opsAccess.content,
  tag: musicTag,
  summary: '删除配乐及其文件',
  description: '再次删除同一配乐的回答与第一次相同；已用它合成的成片不受影响。',
  params: musicIdParamsSchema,
  response: z.null(),
  successText: '已删除',
});

/** Operator entries only: the web app never imports this object. */
export const opsMusicApi = { opsMusicList, opsMusicAdd, opsMusicUpdate, opsMusicDelete } as const;
