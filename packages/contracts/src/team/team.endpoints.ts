/** My team: its members, its figures and invite links, and my invite poster. */
import { endpoint } from '../endpoint.js';
import { teamPageQuerySchema, teamPageSchema, teamSummarySchema } from './team.schema.js';

const tag = '我的团队';

const page = endpoint({
  method: 'GET',
  path: '/agent/v1/team/page',
  guard: 'creator',
  tag,
  summary: '我的团队成员（新的在前，可搜索，分页）',
  query: teamPageQuerySchema,
  response: teamPageSchema,
});

const summary = endpoint({
  method: 'GET',
  path: '/agent/v1/team/summary',
  guard: 'creator',
  tag,
  summary: '团队概况：人数与收益、我的上级、团队分成比例和邀请链接',
  response: teamSummarySchema,
});

const poster = endpoint({
  method: 'GET',
  path: '/agent/v1/team/poster',
  guard: 'creator',
  tag,
  summary: '我的邀请海报（PNG 下载）',
  description:
    '带 `ETag`；海报内容（昵称、头像、邀请码）不变时，带 `If-None-Match` 的请求得到 304。生成失败时回答信封和错误码。',
  answer: 'image',
  errors: ['unavailable'],
});

export const teamApi = { page, summary, poster } as const;
