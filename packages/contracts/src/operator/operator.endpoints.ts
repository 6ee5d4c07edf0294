/** The operator console's foundation: operator accounts, their login and logout, API keys and the audit log. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { pagedSchema } from '../envelope.js';
import { opsAccess } from './operator-roles.js';
import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  apiKeySchema,
  auditEntrySchema,
  auditExportQuerySchema,
  auditQuerySchema,
  OPERATOR_LOCK_AFTER_FAILURES,
  OPERATOR_LOCK_MINUTES,
  operatorCreatedSchema,
  operatorCreateSchema,
  operatorIdParamsSchema,
  operatorListSchema,
  operatorLoginResultSchema,
  operatorLoginSchema,
  operatorSchema,
} from './operator.schema.js';

const tag = '运营账号与审计';

const create = endpoint({
  method: 'POST',
  path: '/ops/v1/operators',
  guard: 'operator',
  roles: opsAccess.admin,
  tag,
  summary: '新建运营账号（返回动态验证码密钥与10个恢复码，仅显示一次）',
  body: operatorCreateSchema,
  response: operatorCreatedSchema,
  successText: '账号已创建',
  errors: ['operatorUsernameTaken'],
});

const list = endpoint({
  method: 'GET',
  path: '/ops/v1/operators',
  guard: 'operator',
  roles: opsAccess.admin,
  tag,
  summary: '运营账号列表',
  response: operatorListSchema,
});

const disable = endpoint({
  method: 'POST',
  path: '/ops/v1/operators/:id/disable',
  guard: 'operator',
  roles: opsAccess.admin,
  tag,
  summary: '停用运营账号（其所有登录立即失效）',
  params: operatorIdParamsSchema,
  response: operatorSchema,
  successText: '账号已停用',
  errors: ['operatorNotFound'],
});

const login = endpoint({
  method: 'POST',
  path: '/ops/v1/auth/login',
  guard: 'anonymous',
  tag,
  summary: '运营账号登录（用户名、密码与动态验证码或恢复码）',
  description: `连续 ${OPERATOR_LOCK_AFTER_FAILURES} 次密码或验证码错误后账号锁定 ${OPERATOR_LOCK_MINUTES} 分钟。`,
  body: operatorLoginSchema,
  response: operatorLoginResultSchema,
  successText: '登录成功',
  errors: ['operatorLoginFailed', 'operatorTotpInvalid', 'operatorLocked', 'operatorDisabled'],
});

const logout = endpoint({
  method: 'POST',
  path: '/ops/v1/auth/logout',
  guard: 'operator',
  roles: opsAccess.anyOperator,
  tag,
  summary: '退出登录（吊销本次登录的令牌）',
  response: z.null(),
  successText: '已退出登录',
});

const logoutEverywhere = endpoint({
  method: 'POST',
  path: '/ops/v1/auth/logout-everywhere',
  guard: 'operator',
  roles: opsAccess.anyOperator,
  tag,
  summary: '退出该账号在所有设备上的登录',
  response: z.null(),
  successText: '已退出所有设备的登录',
});

const createKey = endpoint({
  method: 'POST',
  path: '/ops/v1/api-keys',
  guard: 'operator',
  roles: opsAccess.admin,
  tag,
  summary: '新建 API 密钥（密钥仅显示一次）',
  body: apiKeyCreateSchema,
  response: apiKeyCreatedSchema,
  successText: '密钥已创建',
});

const listKeys = endpoint({
  method: 'GET',
  path: '/ops/v1/api-keys',
  guard: 'operator',
  roles: opsAccess.admin,
  tag,
  summary: 'API 密钥列表（不含密钥本身）',
  response: apiKeyListSchema,
});

const revokeKey = endpoint({
  method: 'POST',
  path: '/ops/v1/api-keys/:id/revoke',
  guard: 'operator',
  roles: opsAccess.admin,
  tag,
  summary: '吊销 API 密钥',
  params: apiKeyIdParamsSchema,
  response: apiKeySchema,
  successText: '密钥已吊销',
  errors: ['apiKeyNotFound'],
});

const audit = endpoint({
  method: 'GET',
  path: '/ops/v1/audit',
  guard: 'operator',
  roles: opsAccess.admin,
  tag,
  summary: '操作审计日志（可按账号、密钥、操作、对象与时间筛选，新的在前）',
  query: auditQuerySchema,
  response: pagedSchema(auditEntrySchema),
});

const auditExport = endpoint({
  method: 'GET',
  path: '/ops/v1/audit/export',
  guard: 'operator',
  roles: opsAccess.admin,
  tag,
  summary: '导出操作审计日志（CSV，筛选同列表）',
  query: auditExportQuerySchema,
  answer: 'file',
});

export const opsOperatorApi = {
  create,
  list,
  disable,
  login,
  logout,
  logoutEverywhere,
  createKey,
  listKeys,
  revokeKey,
  audit,
  auditExport,
} as const;
