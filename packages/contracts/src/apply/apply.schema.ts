/** Creator onboarding application (`/apply`): the form and the operator's review (its states are in enums.ts). */
import { z } from 'zod';
import { phoneSchema, smsCodeSchema } from '../auth/auth.schema.js';
import { pageQuerySchema } from '../envelope.js';
import { ApplicationStatus, FOLLOWER_RANGES, Platform } from '../enums.js';

export const applySubmitSchema = z.object({
  real_name: z
    .string({ error: '请填写真实姓名' })
    .trim()
    .min(2, '请填写真实姓名')
    .max(20, '真实姓名不能超过20个字')
    .regex(/^[\u4e00-\u9fa5·A-Za-z\s]+$/, '真实姓名只能包含中文或字母'),
  phone: phoneSchema,
  code: smsCodeSchema,
  platform: z.coerce
    .number({ error: '请选择主要平台' })
    .pipe(z.literal(Object.values(Platform), { error: '请选择主要平台' })),
  channel_link: z
    .string({ error: '请填写账号主页链接' })
    .trim()
    .min(1, '请填写账号主页链接')
    .max(300, '账号主页链接过长')
    .regex(/^https?:\/\/\S+$/, '账号主页链接需以 http:// 或 https:// 开头'),
  follower_range: z.enum(FOLLOWER_RANGES, { error: '请选择粉丝量' }),
  experience: z.string({ error: '推广经验格式不正确' }).trim().max(500, '推广经验不能超过500字').default(''),
});
export type ApplySubmit = z.input<typeof applySubmitSchema>;
export type ApplySubmitParsed = z.output<typeof applySubmitSchema>;

export const applicationSchema = z.object({
  id: z.number().int(),
  real_name: z.string(),
  phone: z.string(),
  platform: z.number().int(),
  channel_link: z.string(),
  follower_range: z.string(),
  experience: z.string(),
  status: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  /** True until the creator has seen the '审核通过' dialog once. */
  show_approved_dialog: z.boolean(),
});
export type Application = z.infer<typeof applicationSchema>;

export const applyStatusSchema = z.object({ application: applicationSchema.nullable() });

export const reviewRejectSchema = z.object({
  reason: z.string({ error: '请填写驳回原因' }).trim().min(1, '请填写驳回原因').max(200, '驳回原因不能超过200字'),
});

/** An application's number in operators' paths (`/ops/v1/applications/:id/...`). */
export const applicationIdParamsSchema = z.object({
  id: z.coerce.number({ error: '申请编号不正确' }).int('申请编号不正确').positive('申请编号不正确'),
});

/** The operators' list of applications, optionally of one review status. */
export const opsApplicationQuerySchema = pageQuerySchema.extend({
  status: z.coerce
    .number()
    .pipe(z.literal(Object.values(ApplicationStatus)))
    .meta({ label: '审核状态' })
    .optional(),
});
