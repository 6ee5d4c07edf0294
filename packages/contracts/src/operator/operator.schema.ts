/** Operator accounts, their login, API keys and the audit log (`/ops/v1/operators`, `/auth`, `/api-keys`, `/audit`). */
import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';
import { OPERATOR_ROLES } from './operator-roles.js';

/** How many single-use recovery codes an operator receives at enrolment. */
export const OPERATOR_RECOVERY_CODE_COUNT = 10;
/** Failed passwords or codes in a row before an account is locked, and for how long. */
export const OPERATOR_LOCK_AFTER_FAILURES = 20;
export const OPERATOR_LOCK_MINUTES = 15;

const roleSchema = z.enum(OPERATOR_ROLES, { error: '角色不正确' }).meta({ label: '角色' });

const idSchema = (label: string) =>
  z.coerce
    .number({ error: `${label}不正确` })
    .int(`${label}不正确`)
    .positive(`${label}不正确`)
    .max(2_147_483_647);

export const operatorIdParamsSchema = z.object({ id: idSchema('运营账号编号') });
export const apiKeyIdParamsSchema = z.object({ id: idSchema('API 密钥编号') });

export const operatorCreateSchema = z.object({
  username: z
    .string()
    .regex(/^[a-z][a-z0-9_.-]{2,31}$/, '用户名须为3–32位小写字母、数字或 _ . -，以字母开头')
    .meta({ label: '用户名' }),
  password: z.string().min(12, '密码至少12位').max(128, '密码不能超过128位').meta({ label: '密码' }),
  role: roleSchema,
});

export const operatorCreatedSchema = z.object({
  id: z.number().int(),
  totp_secret: z.string(),
  otpauth_url: z.string(),
  recovery_codes: z.array(z.string()),
});

export const operatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  disabled_at: z.string().nullable(),
  locked_until: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export const operatorListSchema = z.object({ data: z.array(operatorSchema) });

export const operatorLoginSchema = z.object({
  username: z.string().min(1, '请填写用户名').max(64).meta({ label: '用户名' }),
  password: z.string().min(1, '请填写密码').max(128).meta({ label: '密码' }),
  totp: z
    .string()
    .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, '请填写6位动态验证码或恢复码')
    .meta({ label: '动态验证码' }),
});
export const operatorLoginResultSchema = z.object({ access_token: z.string(), expires_at: z.string() });

export const apiKeyCreateSchema = z.object({
  name: z.string().trim().min(1, '请填写名称').max(50, '名称不能超过50字').meta({ label: '名称' }),
  role: roleSchema,
});
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(OPERATOR_ROLES),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });
export const apiKeyListSchema = z.object({ data: z.array(apiKeySchema) });

const timeSchema = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}须为 ISO 8601 时间` })
    .meta({ label })
    .optional();

export const auditQuerySchema = pageQuerySchema.extend({
  operator_id: idSchema('运营账号编号').optional(),
  api_key_id: idSchema('API 密钥编号').optional(),
  action: z.string().max(200).meta({ label: '操作' }).optional(),
  object_type: z.string().max(64).meta({ label: '对象类型' }).optional(),
  object_id: z.string().max(64).meta({ label: '对象编号' }).optional(),
  from: timeSchema('开始时间'),
  to: timeSchema('结束时间'),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditExportQuerySchema = auditQuerySchema.omit({ page_num: true, page_size: true });
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  operator_id: z.number().int().nullable(),
  api_key_id: z.number().int().nullable(),
  actor: z.string(),
  role: z.string(),
  action: z.string(),
  object_type: z.string().nullable(),
  object_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
});
