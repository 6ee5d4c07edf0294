/** Creator onboarding: the application, its status and its approval seen; operators review it (`opsApplyApi`). */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { opsAccess } from '../operator/operator-roles.js';
import { pagedSchema } from '../envelope.js';
import {
  applicationIdParamsSchema,
  applicationSchema,
  applyStatusSchema,
  applySubmitSchema,
  opsApplicationQuerySchema,
  reviewRejectSchema,
} from './apply.schema.js';

const tag = '入驻申请';

const submit = endpoint({
  method: 'POST',
  path: '/agent/v1/apply/submit',
  guard: 'creator',
  tag,
  summary: '提交入驻申请（短信验证码）',
  description: '需要发到申请手机号的短信验证码（类型 2）；已有审核中或已通过的申请时不能再提交。',
  body: applySubmitSchema,
  response: applicationSchema,
  successText: '提交成功，请等待审核',
  errors: ['applicationLive', 'smsCodeInvalid', 'smsCodeBurned'],
});

const status = endpoint({
  method: 'GET',
  path: '/agent/v1/apply/status',
  guard: 'creator',
  tag,
  summary: '本人最近一次入驻申请（没有时为 null）',
  response: applyStatusSchema,
});

const ack = endpoint({
  method: 'POST',
  path: '/agent/v1/apply/ack',
  guard: 'creator',
  tag,
  summary: '已看过“审核通过”提示，不再弹出',
  response: z.null(),
});

export const applyApi = { submit, status, ack } as const;

const list = endpoint({
  method: 'GET',
  path: '/ops/v1/applications',
  guard: 'operator',
  roles: opsAccess.reviewRead,
  tag,
  summary: '入驻申请列表（可按审核状态筛选）',
  query: opsApplicationQuerySchema,
  response: pagedSchema(applicationSchema),
});

const approve = endpoint({
  method: 'POST',
  path: '/ops/v1/applications/:id/approve',
  guard: 'operator',
  roles: opsAccess.review,
  tag,
  summary: '通过入驻申请',
  params: applicationIdParamsSchema,
  response: applicationSchema,
  successText: '已通过',
  errors: ['applicationNotFound', 'applicationNotPending'],
});

const reject = endpoint({
  method: 'POST',
  path: '/ops/v1/applications/:id/reject',
  guard: 'operator',
  roles: opsAccess.review,
  tag,
  summary: '驳回入驻申请',
  params: applicationIdParamsSchema,
  body: reviewRejectSchema,
  response: applicationSchema,
  successText: '已驳回',
  errors: ['applicationNotFound', 'applicationNotPending'],
});

export const opsApplyApi = { list, approve, reject } as const;
