/** Operators' calls on over-payments (an order paid twice, or paid after it closed): the refunds and their retry. */
import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { opsAccess } from '../operator/operator-roles.js';
import { pagedSchema } from '../envelope.js';
import { refundIdParamSchema, refundListQuerySchema, refundSchema } from './payment.schema.js';

const tag = '运营·退款';

const refunds = endpoint({
  method: 'GET',
  path: '/ops/v1/payments/refunds',
  guard: 'operator',
  roles: opsAccess.financeRead,
  tag,
  summary: '多付款项的退款列表（可按状态筛选）',
  query: refundListQuerySchema,
  response: pagedSchema(refundSchema),
});

const retryRefund = endpoint({
  method: 'POST',
  path: '/ops/v1/payments/refunds/:id/retry',
  guard: 'operator',
  roles: opsAccess.finance,
  tag,
  summary: '重新发起失败的退款',
  params: refundIdParamSchema,
  response: z.null(),
  successText: '已重新发起退款',
  errors: ['refundNotFound', 'refundNotRetryable'],
});

export const opsPaymentApi = {
  refunds,
  retryRefund,
} as const;
