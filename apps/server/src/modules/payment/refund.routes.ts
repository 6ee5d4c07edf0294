/** Operator calls for over-payments: the list of refunds and a retry of a failed one. */
import {
  REFUND_STATUS_LABELS,
  fenToYuan,
  pagedSchema,
  refundListQuerySchema,
  refundSchema,
  type RefundStatus,
} from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok, okSchema } from '../../plugins/envelope.js';
import { operatorGuard } from '../../plugins/operator.js';
import { isoTime, offsetOf, paged } from '../paging.js';
import type { RefundRow } from './refund.repository.js';
import type { RefundService } from './refund.service.js';

const idParams = z.object({ id: z.coerce.number({ error: '退款编号不正确' }).int().positive('退款编号不正确') });

function toRefund(row: RefundRow & { order_no: string }) {
  return {
    id: row.id,
    order_no: row.order_no,
    out_trade_no: row.out_trade_no,
    trade_no: row.trade_no,
    amount: fenToYuan(row.amount_fen),
    reason: row.reason,
    status: row.status,
    status_text: REFUND_STATUS_LABELS[row.status as RefundStatus] ?? '',
    method: row.method,
    attempts: row.attempts,
    last_error: row.last_error,
    created_at: isoTime(row.created_at),
    refunded_at: row.refunded_at === null ? null : isoTime(row.refunded_at),
  };
}

export function refundRoutes(refunds: RefundService, operatorToken: string | null): FastifyPluginAsyncZod {
  return async (app) => {
    const onRequest = operatorGuard(operatorToken);

    app.get(
      '/ops/v1/payments/refunds',
      { onRequest, schema: { querystring: refundListQuerySchema, response: okSchema(pagedSchema(refundSchema)) } },
      async (request) => {
        const { limit, offset } = offsetOf(request.query);
        const { rows, total } = await refunds.list(request.query.status, limit, offset);
        return ok(paged(rows.map(toRefund), total, request.query));
      },
    );

    app.post(
      '/ops/v1/payments/refunds/:id/retry',
      { onRequest, schema: { params: idParams, response: okSchema(z.null()) } },
      async (request) => {
        await refunds.retry(request.params.id);
        return ok(null, '已重新发起退款');
      },
    );
  };
}
