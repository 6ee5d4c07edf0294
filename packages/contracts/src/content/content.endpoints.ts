/** Public content: the support poster, help topics, the apps and banks, banners and the serial hit chart. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pagedSchema } from '../envelope.js';
import { radarItemSchema, radarRequestSchema } from '../task/task.schema.js';
import {
  appItemSchema,
  bannerQuerySchema,
  bannerSchema,
  enumQuerySchema,
  enumResponseSchema,
  posterSchema,
  templateParamsSchema,
  templateSchema,
  templateSummarySchema,
} from './content.schema.js';

const tag = '内容';

const poster = endpoint({
  method: 'GET',
  path: '/agent/v1/program/poster',
  guard: 'anonymous',
  tag,
  summary: '客服二维码海报',
  response: posterSchema,
  errors: ['posterNotFound'],
});

const templates = endpoint({
  method: 'GET',
  path: '/agent/v1/template/list',
  guard: 'anonymous',
  tag,
  summary: '帮助中心的主题列表',
  response: z.array(templateSummarySchema),
});

const template = endpoint({
  method: 'GET',
  path: '/agent/v1/template/:id',
  guard: 'anonymous',
  tag,
  summary: '一个帮助主题（Markdown）',
  params: templateParamsSchema,
  response: templateSchema,
  errors: ['helpTemplateNotFound'],
});

const apps = endpoint({
  method: 'GET',
  path: '/agent/v1/app/map',
  guard: 'anonymous',
  tag,
  summary: '推广的短剧与小说应用',
  response: z.array(appItemSchema),
});

const enums = endpoint({
  method: 'GET',
  path: '/agent/v1/enum',
  guard: 'anonymous',
  tag,
  summary: '有某类任务的应用，以及可选的银行',
  query: enumQuerySchema,
  response: enumResponseSchema,
});

const banners = endpoint({
  method: 'GET',
  path: '/agent/v1/banner/map',
  guard: 'anonymous',
  tag,
  summary: '首页横幅（按平台）',
  query: bannerQuerySchema,
  response: z.array(bannerSchema),
});

const radar = endpoint({
  method: 'POST',
  path: '/ai/v1/serials/radar',
  guard: 'anonymous',
  tag,
  summary: '热剧榜（按频道与排序，分页）',
  body: radarRequestSchema,
  response: pagedSchema(radarItemSchema),
});

export const contentApi = { poster, templates, template, apps, enums, banners, radar } as const;
