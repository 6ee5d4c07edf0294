/** Over-payments and their refunds, as operators list them (`GET /ops/v1/payments/refunds`). */
import { z } from 'zod';
import { pageQuerySchema } from '../envelope.js';

/** A trade's state on our side: 1 waiting (the order's payable QR), 2 paid, 3 closed, 4 cancelling (ended by us,
 * `alipay.trade.cancel` sent or due). */
export const TradeState = { Waiting: 1, Paid: 2, Closed: 3, Cancelling: 4 } as const;
export type TradeState = (typeof TradeState)[keyof typeof TradeState];

/** 1 waiting to be refunded, 2 refunded, 3 refund failed (an operator must act). */
export const RefundStatus = { Pending: 1, Refunded: 2, Failed: 3 } as const;
export type RefundStatus = (typeof RefundStatus)[keyof typeof RefundStatus];
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = { 1: '待退款', 2: '已退款', 3: '退款失败' };

export const refundListQuerySchema = pageQuerySchema.extend({
  status: z.coerce
    .number({ error: '退款状态不正确' })
    .int()
    .refine((v): v is RefundStatus => v === 1 || v === 2 || v === 3, '退款状态不正确')
    .optional(),
});

export const refundSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  out_trade_no: z.string(),
  trade_no: z.string(),
  /** Yuan with two decimals. */
  amount: z.string(),
  reason: z.string(),
  status: z.number().int(),
  status_text: z.string(),
  /** `refund` (alipay.trade.refund), `cancel` (Alipay refunded it when the trade was cancelled), '' while pending. */
  method: z.string(),
  attempts: z.number().int(),
  last_error: z.string(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
});
export type Refund = z.infer<typeof refundSchema>;

/** `/ops/v1/payments/refunds/{id}/…`: one refund. */
export const refundIdParamSchema = z.object({
  id: z.coerce.number({ error: '退款编号不正确' }).int().positive('退款编号不正确'),
});
