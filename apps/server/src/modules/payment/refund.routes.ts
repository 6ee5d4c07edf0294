/** Operator calls for over-payments: the list of refunds and a retry of a failed one. */
import { REFUND_STATUS_LABELS, fenToYuan, opsPaymentApi, type RefundStatus } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/endpoint-route.js';
import { isoTime, offsetOf, paged } from '../paging.js';
import type { RefundRow } from './refund.repository.js';
import type { RefundService } from './refund.service.js';

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

export function refundRoutes(refunds: RefundService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, opsPaymentApi.refunds, async (request) => {
      const { limit, offset } = offsetOf(request.query);
      const { rows, total } = await refunds.list(request.query.status, limit, offset);
      return paged(rows.map(toRefund), total, request.query);
    });

    route(app, opsPaymentApi.retryRefund, async (request) => {
      await refunds.retry(request.params.id);
      return null;
    });
  };
}
