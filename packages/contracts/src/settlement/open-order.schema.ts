/**
 * The open API the drama and novel apps report orders through (`POST /open/v1/orders`, docs/open-api.md), and the
 * operator calls around it: partner apps, CSV import, bonuses and settlement runs.
 */
import { z } from 'zod';
import { OrderType } from '../enums.js';
import { pageQuerySchema, pagedSchema } from '../envelope.js';
import { withoutUnsafeCharacters } from '../media/media.schema.js';

const YUAN_TWO_DECIMALS = /^\d{1,9}\.\d{2}$/;

/**
 * An id of the partner's (order_id, code, refund_of) is shown to creators and operators and stored as text: control
 * characters (NUL cannot be stored in PostgreSQL text at all; CR/LF split lines) and bidi controls are refused.
 */
const partnerId = (field: string, what = '') =>
  z
    .string({ error: `${field} 必须是字符串${what}` })
    .trim()
    .min(1, `${field} 不能为空`)
    .max(64, `${field} 最长 64 个字符`)
    .refine((v) => withoutUnsafeCharacters(v) === v, `${field} 不能包含控制字符或文字方向控制字符`);

export const openOrderSchema = z
  .object({
    order_id: partnerId('order_id'),
    code: partnerId('code', '（推广口令）'),
    order_type: z.union([z.literal(OrderType.Recharge), z.literal(OrderType.Refund), z.literal(OrderType.Ad)], {
      error: 'order_type 只能是 1（充值）、2（退款）或 3（广告收入）',
    }),
    amount: z
      .string({ error: 'amount 应为两位小数的元金额字符串，如 "12.34"' })
      .regex(YUAN_TWO_DECIMALS, 'amount 应为两位小数的元金额字符串，如 "12.34"')
      .refine((v) => Number(v) > 0, 'amount 必须大于 0'),
    order_at: z.iso.datetime({ offset: true, error: 'order_at 应为 ISO 8601 时间，如 2026-11-23T10:00:00+08:00' }),
    refund_of: partnerId('refund_of').optional(),
  })
  .refine((o) => o.order_type !== OrderType.Refund || o.refund_of !== undefined, {
    message: '退款订单（order_type 2）必须填写 refund_of',
    path: ['refund_of'],
  })
  .refine((o) => o.order_type === OrderType.Refund || o.refund_of === undefined, {
    message: '充值和广告收入订单（order_type 1、3）不能填写 refund_of',
    path: ['refund_of'],
  });
export type OpenOrder = z.infer<typeof openOrderSchema>;

/**
 * What became of a reported order: `held` is kept for an operator's decision (too old, or over the app's amount
 * cap) and credits nothing until an operator attributes it.
 */
export const OPEN_ORDER_STATUSES = ['attributed', 'unattributed', 'held', 'duplicate'] as const;
export type OpenOrderStatus = (typeof OPEN_ORDER_STATUSES)[number];
export const openOrderResultSchema = z.object({ status: z.enum(OPEN_ORDER_STATUSES) });

export const partnerAppSchema = z.object({
  app_id: z.number(),
  key: z.string(),
  name: z.string(),
  webhook_secret: z.string(),
});
export const partnerAppListSchema = z.object({ data: z.array(partnerAppSchema) });

export const orderImportQuerySchema = z.object({
  app_id: z.coerce.number({ error: '应用编号不正确' }).int().positive('应用编号不正确'),
});
export const orderImportRowSchema = z.object({
  line: z.number(),
  order_id: z.string(),
  status: z.enum([...OPEN_ORDER_STATUSES, 'rejected']),
  msg: z.string(),
});
export const orderImportResultSchema = z.object({
  total: z.number(),
  stored: z.number(),
  rejected: z.number(),
  rows: z.array(orderImportRowSchema),
});

export const bonusRequestSchema = z.object({
  agent_id: z.number({ error: '创作者编号不正确' }).int().positive('创作者编号不正确'),
  amount: z
    .string({ error: '奖励金额应为两位小数以内的元金额，如 "50.00"' })
    .regex(/^\d{1,9}(\.\d{1,2})?$/, '奖励金额应为两位小数以内的元金额，如 "50.00"')
    .refine((v) => Number(v) > 0, '奖励金额必须大于 0'),
  reason: z.string({ error: '请填写奖励原因' }).trim().min(1, '请填写奖励原因').max(200, '奖励原因最长 200 个字'),
  /** The operator's own id for this grant, required: a retry with the same id grants nothing more. */
  request_id: z
    .string({ error: '请填写请求编号 request_id（同一笔奖励重试时使用同一个编号）' })
    .trim()
    .min(1, '请求编号不能为空')
    .max(60, '请求编号最长 60 个字符'),
});
export const bonusResultSchema = z.object({ id: z.number(), expected_sett_date: z.string() });

/** A partner app's sanity limits on reported orders (`/ops/v1/apps/{id}/limits`). */
export const partnerAppLimitsSchema = z.object({
  /** Largest amount of one recharge or ad-revenue order, yuan; a larger one is held for review. */
  max_amount: z
    .string({ error: '单笔上限应为两位小数的元金额，如 "10000.00"' })
    .regex(YUAN_TWO_DECIMALS, '单笔上限应为两位小数的元金额，如 "10000.00"')
    .refine((v) => Number(v) > 0, '单笔上限必须大于 0'),
  /** Oldest `order_at` settled as reported, in days; an older order is held for review. */
  max_age_days: z
    .number({ error: '订单有效天数应为 1 到 3650 的整数' })
    .int('订单有效天数应为 1 到 3650 的整数')
    .min(1, '订单有效天数应为 1 到 3650 的整数')
    .max(3650, '订单有效天数应为 1 到 3650 的整数'),
  /** How far `order_at` may be ahead of our clock, in seconds; further ahead is refused (40120). */
  future_skew_seconds: z
    .number({ error: '允许的时钟偏差应为 0 到 3600 秒的整数' })
    .int('允许的时钟偏差应为 0 到 3600 秒的整数')
    .min(0, '允许的时钟偏差应为 0 到 3600 秒的整数')
    .max(3600, '允许的时钟偏差应为 0 到 3600 秒的整数'),
});
export type PartnerAppLimits = z.infer<typeof partnerAppLimitsSchema>;
export const partnerAppLimitsResultSchema = partnerAppLimitsSchema.extend({ app_id: z.number() });

/** Why an order waits in the operator's queue. */
export const HELD_REASONS = ['no_code', 'too_old', 'over_cap'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];
export const HELD_REASON_LABELS: Record<HeldReason, string> = {
  no_code: '推广口令不属于该应用的任何推广',
  too_old: '下单时间早于该应用的订单有效期',
  over_cap: '金额超过该应用的单笔上限',
};

/** `GET /ops/v1/orders/unattributed`: the orders waiting for an operator, oldest first. */
export const heldOrderQuerySchema = pageQuerySchema.extend({
  app_id: z.coerce.number({ error: '应用编号不正确' }).int().positive('应用编号不正确').optional(),
});
export const heldOrderSchema = z.object({
  id: z.number(),
  app_id: z.number(),
  /** The app's own order number. */
  order_id: z.string(),
  code: z.string(),
  order_type: z.number(),
  amount: z.string(),
  order_at: z.string(),
  reason: z.enum(HELD_REASONS),
  reason_text: z.string(),
  /** The creator the order's code belongs to, when it matched one (too old, over the cap). */
  agent_id: z.number().nullable(),
  /** Refunds of this order stored so far, yuan: they are reversed when it is attributed. */
  refunded: z.string(),
  created_at: z.string(),
});
export type HeldOrder = z.infer<typeof heldOrderSchema>;
export const heldOrderPageSchema = pagedSchema(heldOrderSchema);

const operatorName = z
  .string({ error: '请填写处理人 operator' })
  .trim()
  .min(1, '请填写处理人 operator')
  .max(64, '处理人最长 64 个字符');
const decisionReason = z.string({ error: '请填写原因' }).trim().min(1, '请填写原因').max(200, '原因最长 200 个字');

/** `POST /ops/v1/orders/unattributed/{id}/attribute`: to a promotion code of the order's app (its own by default). */
export const attributeHeldOrderSchema = z.object({
  operator: operatorName,
  code: z.string().trim().min(1, 'code 不能为空').max(64, 'code 最长 64 个字符').optional(),
  reason: decisionReason,
});
/** `POST /ops/v1/orders/unattributed/{id}/reject`. */
export const rejectHeldOrderSchema = z.object({ operator: operatorName, reason: decisionReason });
export const heldOrderDecisionSchema = z.object({
  id: z.number(),
  decision: z.enum(['attributed', 'rejected']),
  agent_id: z.number().nullable(),
});

export const settlementRunResultSchema = z.object({ settled_count: z.number(), amount: z.string() });

/** `/ops/v1/apps/{id}/…`: a partner app. */
export const partnerAppIdParamSchema = z.object({
  id: z.coerce.number({ error: '应用编号不正确' }).int().positive('应用编号不正确'),
});
/** A rotated app's credentials, its new secret shown this once. */
export const rotatedPartnerAppSchema = partnerAppSchema.omit({ name: true });

/** `/ops/v1/orders/unattributed/{id}/…`: an order waiting for an operator. */
export const heldOrderIdParamSchema = z.object({
  id: z.coerce.number({ error: '订单编号不正确' }).int().positive('订单编号不正确'),
});

/** The demo app's "模拟充值" form (development only): the promotion code and the amount in yuan. */
export const demoRechargeParamsSchema = z.object({ key: z.string().max(32).meta({ label: '演示应用' }) });
export const demoRechargeBodySchema = z.object({
  code: z.string().trim().min(1).max(64).meta({ label: '推广口令' }),
  amount: z
    .string()
    .regex(/^\d{1,6}\.\d{2}$/)
    .meta({ label: '充值金额' })
    .default('30.00'),
});
