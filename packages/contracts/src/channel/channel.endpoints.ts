/** Channel filings of the creator (accounts on other platforms) and their review by operators (`opsChannelApi`). */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { opsAccess } from '../operator/operator-roles.js';
import { pagedSchema } from '../envelope.js';
import {
  CHANNEL_LIMIT,
  channelCreateSchema,
  channelDeleteResponseSchema,
  channelDeleteSchema,
  channelIdParamsSchema,
  channelPageQuerySchema,
  channelRejectSchema,
  channelSchema,
  channelUpdateSchema,
  opsChannelQuerySchema,
  opsChannelSchema,
  reportCheckSchema,
} from './channel.schema.js';

const tag = '渠道报备';

const page = endpoint({
  method: 'GET',
  path: '/agent/v1/user/account/page',
  guard: 'creator',
  tag,
  summary: '本人的渠道报备（分页，新的在前，可按审核状态筛选）',
  query: channelPageQuerySchema,
  response: pagedSchema(channelSchema),
});

const list = endpoint({
  method: 'GET',
  path: '/agent/v1/user/account/list',
  guard: 'creator',
  tag,
  summary: '本人的全部渠道报备',
  response: z.array(channelSchema),
});

const create = endpoint({
  method: 'POST',
  path: '/agent/v1/user/account/create',
  guard: 'creator',
  tag,
  summary: '报备一个渠道账号（等待审核）',
  description: `每人最多 ${CHANNEL_LIMIT} 个报备；同一渠道账号只能由一人报备。封面须是本人上传的图片。`,
  body: channelCreateSchema,
  response: channelSchema,
  successText: '报备成功，请等待审核',
  errors: ['channelLimit', 'channelDuplicate', 'channelTaken', 'imageInvalid'],
});

const update = endpoint({
  method: 'POST',
  path: '/agent/v1/user/account/update',
  guard: 'creator',
  tag,
  summary: '修改未通过的报备并重新提交审核',
  body: channelUpdateSchema,
  response: channelSchema,
  successText: '已重新提交，请等待审核',
  errors: ['channelNotFound', 'channelNotRejected', 'channelDuplicate', 'channelTaken', 'imageInvalid'],
});

const remove = endpoint({
  method: 'POST',
  path: '/agent/v1/user/account/delete',
  guard: 'creator',
  tag,
  summary: '删除报备（全部删除或全部不删）',
  body: channelDeleteSchema,
  response: channelDeleteResponseSchema,
  successText: '删除成功',
  errors: ['channelNotFound'],
});

const check = endpoint({
  method: 'GET',
  path: '/agent/v1/report/check/:id',
  guard: 'creator',
  tag,
  summary: '一条报备的审核结果',
  params: channelIdParamsSchema,
  response: reportCheckSchema,
  errors: ['channelNotFound'],
});

export const channelApi = { page, list, create, update, remove, check } as const;

const opsList = endpoint({
  method: 'GET',
  path: '/ops/v1/channels',
  guard: 'operator',
  roles: opsAccess.reviewRead,
  tag,
  summary: '渠道报备列表（可按审核状态筛选）',
  query: opsChannelQuerySchema,
  response: pagedSchema(opsChannelSchema),
});

const approve = endpoint({
  method: 'POST',
  path: '/ops/v1/channels/:id/approve',
  guard: 'operator',
  roles: opsAccess.review,
  tag,
  summary: '通过渠道报备',
  params: channelIdParamsSchema,
  response: opsChannelSchema,
  successText: '已通过',
  errors: ['channelNotFound', 'channelNotPending'],
});

const reject = endpoint({
  method: 'POST',
  path: '/ops/v1/channels/:id/reject',
  guard: 'operator',
  roles: opsAccess.review,
  tag,
  summary: '驳回渠道报备',
  params: channelIdParamsSchema,
  body: channelRejectSchema,
  response: opsChannelSchema,
  successText: '已驳回',
  errors: ['channelNotFound', 'channelNotPending'],
});

export const opsChannelApi = { list: opsList, approve, reject } as const;
