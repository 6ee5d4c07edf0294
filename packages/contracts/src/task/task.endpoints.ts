/** The task center: the task page and a task's detail, and the episodes a creator may download. */
import { endpoint } from '../endpoint.js';
import { pagedSchema } from '../envelope.js';
import {
  episodeInfoQuerySchema,
  episodeListQuerySchema,
  episodeSchema,
  taskCardSchema,
  taskInfoQuerySchema,
  taskInfoSchema,
  taskPageQuerySchema,
} from './task.schema.js';

const tag = '任务中心';

const page = endpoint({
  method: 'GET',
  path: '/agent/v1/task/page',
  guard: 'anonymous',
  tag,
  summary: '任务列表（分页、筛选、排序）',
  description: '无需登录；带登录令牌调用时，`received` 标出该创作者已领取的任务。',
  query: taskPageQuerySchema,
  response: pagedSchema(taskCardSchema),
});

const info = endpoint({
  method: 'GET',
  path: '/agent/v1/task/info',
  guard: 'creator',
  tag,
  summary: '任务详情',
  query: taskInfoQuerySchema,
  response: taskInfoSchema,
  errors: ['taskNotFound'],
});

const episodeList = endpoint({
  method: 'GET',
  path: '/agent/v1/episode/list',
  guard: 'creator',
  tag,
  summary: '剧集分集列表',
  description: '`task_id` 与 `serial_id` 至少给一个。',
  query: episodeListQuerySchema,
  response: pagedSchema(episodeSchema),
  errors: ['taskNotFound', 'taskOrSerialRequired'],
});

const episodeInfo = endpoint({
  method: 'GET',
  path: '/agent/v1/episode/info',
  guard: 'creator',
  tag,
  summary: '单集详情',
  query: episodeInfoQuerySchema,
  response: episodeSchema,
  errors: ['episodeNotFound'],
});

const episodeDownload = endpoint({
  method: 'GET',
  path: '/agent/v1/episode/download',
  guard: 'creator',
  tag,
  summary: '下载单集视频',
  description: '成功时回答视频文件（`content-disposition` 带文件名「剧名 第N集」，支持 Range）；失败时回答信封。',
  query: episodeInfoQuerySchema,
  answer: 'file',
  errors: ['episodeNotFound', 'episodeNoMedia'],
});

export const taskApi = {
  page,
  info,
  episodeList,
  episodeInfo,
  episodeDownload,
} as const;
