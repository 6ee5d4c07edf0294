/** Request and response shapes of the SMS-code and login calls, with the field rules the login form shows. */
import { z } from 'zod';
import { INT4_MAX } from '../envelope.js';
import { INVITE_CODE_MAX_LENGTH } from '../constants.js';
import { QR_LOGIN_STATUSES, SMS_TYPE_VALUES, type SmsType } from '../enums.js';
import { validatePhone, validateSmsCode } from '../validators.js';

export const phoneSchema = z.string({ error: '手机号不能为空' }).superRefine((value, ctx) => {
  const message = validatePhone(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

export const smsCodeSchema = z.string({ error: '验证码不能为空' }).superRefine((value, ctx) => {
  const message = validateSmsCode(value);
  if (message) ctx.addIssue({ code: 'custom', message });
});

/**
 * The code of a money action that a money session can stand in for (ADR 0026): left out, empty or null means
 * "none given"; anything else must be a valid code.
 */
export const optionalSmsCodeSchema = z
  .string({ error: '验证码只能为六位数字' })
  .nullish()
  .superRefine((value, ctx) => {
    const message = value ? validateSmsCode(value) : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((value) => value || undefined);

const smsTypeSchema = z.coerce
  .number({ error: '验证码类型不正确' })
  .refine((value): value is SmsType => SMS_TYPE_VALUES.includes(value as SmsType), '验证码类型不正确')
  .transform((value) => value as SmsType);

const inviteCodeSchema = z
  .string({ error: '邀请码格式不正确' })
  .trim()
  .max(INVITE_CODE_MAX_LENGTH, '邀请码格式不正确')
  .regex(/^[A-Za-z0-9]*$/, '邀请码格式不正确');

const shortTextSchema = (label: string, max: number) =>
  z
    .string({ error: `${label}格式不正确` })
    .trim()
    .max(max, `${label}不能超过${max}个字符`);

export const sendCodeRequestSchema = z.object({ phone: phoneSchema, type: smsTypeSchema });
export type SendCodeRequest = z.infer<typeof sendCodeRequestSchema>;

export const sendCodeByIdRequestSchema = z.object({ type: smsTypeSchema });

export const verifyCodeRequestSchema = z.object({
  phone: phoneSchema.optional(),
  code: smsCodeSchema,
  type: smsTypeSchema,
});

export const verifyCodeResponseSchema = z.object({ verified: z.boolean() });

export const loginRequestSchema = z.object({
  phone: phoneSchema,
  code: smsCodeSchema,
  invite_code: inviteCodeSchema
    .optional()
    .or(z.literal('').transform(() => undefined))
    .meta({ label: '邀请码' }),
  channel_from: shortTextSchema('渠道来源', 64).optional(),
  source: z.coerce
    .number({ error: '来源格式不正确' })
    .int('来源格式不正确')
    .min(0, '来源格式不正确')
    .max(INT4_MAX, '来源格式不正确')
    .optional(),
  cq: shortTextSchema('来源参数', 512).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ access_token: z.string(), is_new: z.boolean() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const sendCodeResponseSchema = z.object({ expires_in: z.number().int(), resend_in: z.number().int() });
export type SendCodeResponse = z.infer<typeof sendCodeResponseSchema>;

export const smsOutboxItemSchema = z.object({
  phone: z.string(),
  type: z.number().int(),
  code: z.string(),
  created_at: z.string(),
});

export const qrIdSchema = z
  .string({ error: '二维码编号不正确' })
  .regex(/^[A-Za-z0-9_-]{16,40}$/, '二维码编号不正确')
  .meta({ label: '二维码编号' });

export const createQrResponseSchema = z.object({
  qr_id: z.string(),
  /** The address the QR encodes: the product's confirm page at the public address. */
  qr_url: z.string(),
  expires_at: z.string(),
});
export type CreateQrResponse = z.infer<typeof createQrResponseSchema>;

export const qrIdRequestSchema = z.object({ qr_id: qrIdSchema });

export const checkQrResponseSchema = z.object({
  status: z.enum(QR_LOGIN_STATUSES),
  expires_at: z.string(),
  /** Only with `confirmed`, and only the first time it is collected. */
  access_token: z.string().optional(),
});
export type CheckQrResponse = z.infer<typeof checkQrResponseSchema>;

/** What the phone's confirm page shows about the login it is asked to allow. */
export const qrInfoResponseSchema = z.object({
  status: z.enum(QR_LOGIN_STATUSES),
  expires_at: z.string(),
  /** The requesting browser, e.g. 'Chrome · Windows', and its network address, partly hidden. */
  device: z.string(),
  ip: z.string(),
});
export type QrInfoResponse = z.infer<typeof qrInfoResponseSchema>;
