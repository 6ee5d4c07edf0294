/**
 * The open API the drama and novel apps report orders through (`POST /open/v1/orders`, docs/open-api.md), and the
 * operator calls around it: partner apps, CSV import, bonuses and settlement runs.
 */
import { z } from 'zod';
import { OrderType } from '../enums.js';

const YUAN_TWO_DECIMALS = /^\d{1,9}\.\d{2}$/;

export const openOrderSchema = z
  .object({
    order_id: z
      .string({ error: 'order_id 必须是字符串' })
      .trim()
      .min(1, 'order_id 不能为空')
      .max(64, 'order_id 最长 64 个字符'),
    code: z
      .string({ error: 'code 必须是字符串（推广口令）' })
      .trim()
      .min(1, 'code 不能为空')
      .max(64, 'code 最长 64 个字符'),
    order_type: z.union([z.literal(OrderType.Recharge), z.literal(OrderType.Refund)], {
      error: 'order_type 只能是 1（充值）或 2（退款）',
    }),
    amount: z
      .string({ error: 'amount 应为两位小数的元金额字符串，如 "12.34"' })
      .regex(YUAN_TWO_DECIMALS, 'amount 应为两位小数的元金额字符串，如 "12.34"')
      .refine((v) => Number(v) > 0, 'amount 必须大于 0'),
    order_at: z.iso.datetime({ offset: true, error: 'order_at 应为 ISO 8601 时间，如 2026-11-23T10:00:00+08:00' }),
    refund_of: z
      .string({ error: 'refund_of 必须是字符串' })
      .trim()
      .min(1, 'refund_of 不能为空')
      .max(64, 'refund_of 最长 64 个字符')
      .optional(),
  })
  .refine((o) => o.order_type !== OrderType.Refund || o.refund_of !== undefined, {
    message: '退款订单（order_type 2）必须填写 refund_of',
    path: ['refund_of'],
  })
  .refine((o) => o.order_type !== OrderType.Recharge || o.refund_of === undefined, {
    message: '充值订单（order_type 1）不能填写 refund_of',
    path: ['refund_of'],
  });
export type OpenOrder = z.infer<typeof openOrderSchema>;

export const OPEN_ORDER_STATUSES = ['attributed', 'unattributed', 'duplicate'] as const;
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
  /** The operator's own id for this grant: a repeat with the same id grants nothing more. */
  request_id: z
    .string({ error: '请求编号不正确' })
    .trim()
    .min(1, '请求编号不能为空')
    .max(60, '请求编号最长 60 个字符')
    .optional(),
});
export const bonusResultSchema = z.object({ id: z.number(), expected_sett_date: z.string() });

export const settlementRunResultSchema = z.object({ settled_count: z.number(), amount: z.string() });
