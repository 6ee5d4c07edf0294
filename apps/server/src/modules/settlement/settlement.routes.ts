/**
 * Operator calls of income (ADR 0012): partner apps' credentials and order limits, CSV import of orders, the queue
 * of orders waiting for a decision, bonuses and settlement runs on demand, all behind `operatorGuard`.
 */
import {
  attributeHeldOrderSchema,
  bonusRequestSchema,
  bonusResultSchema,
  fenToYuan,
  heldOrderDecisionSchema,
  heldOrderPageSchema,
  heldOrderQuerySchema,
  partnerAppLimitsResultSchema,
  partnerAppLimitsSchema,
  rejectHeldOrderSchema,
  orderImportQuerySchema,
  orderImportResultSchema,
  partnerAppListSchema,
  partnerAppSchema,
  settlementRunResultSchema,
  yuanToFen,
} from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import { operatorGuard } from '../../plugins/operator.js';
import type { IncomeService } from './income.service.js';
import { parseOpenOrder } from './open-order.routes.js';
import { readOrderCsv } from './order-csv.js';
import type { PartnerAppService } from './partner-app.service.js';
import type { SettlementService } from './settlement.service.js';

const idParams = z.object({ id: z.coerce.number({ error: '应用编号不正确' }).int().positive('应用编号不正确') });
const orderIdParams = z.object({
  id: z.coerce.number({ error: '订单编号不正确' }).int().positive('订单编号不正确'),
});

export interface SettlementRouteDeps {
  partnerApps: PartnerAppService;
  income: IncomeService;
  settlement: SettlementService;
  operatorToken: string | null;
  /** Secrets are readable by operators only outside production (the embedded profile); rotation shows a new one once. */
  secretsReadable: boolean;
}

export function settlementRoutes(deps: SettlementRouteDeps): FastifyPluginAsyncZod {
  const { partnerApps, income, settlement } = deps;
  return async (app) => {
    const onRequest = operatorGuard(deps.operatorToken);
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    if (deps.secretsReadable) {
      app.get('/ops/v1/apps', { onRequest, schema: { response: okSchema(partnerAppListSchema) } }, async () =>
        ok({ data: await partnerApps.list() }),
      );
    }

    app.post(
      '/ops/v1/apps/:id/rotate',
      { onRequest, schema: { params: idParams, response: okSchema(partnerAppSchema.omit({ name: true })) } },
      async (request) => ok(await partnerApps.rotate(request.params.id), '已更换应用密钥，旧密钥立即失效'),
    );

    app.get(
      '/ops/v1/apps/:id/limits',
      { onRequest, schema: { params: idParams, response: okSchema(partnerAppLimitsResultSchema) } },
      async (request) => ok(await partnerApps.limits(request.params.id)),
    );

    app.put(
      '/ops/v1/apps/:id/limits',
      {
        onRequest,
        schema: { params: idParams, body: partnerAppLimitsSchema, response: okSchema(partnerAppLimitsResultSchema) },
      },
      async (request) => ok(await partnerApps.setLimits(request.params.id, request.body), '已保存订单限制'),
    );

    app.get(
      '/ops/v1/orders/unattributed',
      { onRequest, schema: { querystring: heldOrderQuerySchema, response: okSchema(heldOrderPageSchema) } },
      async (request) => ok(await income.waitingOrders(request.query)),
    );

    app.post(
      '/ops/v1/orders/unattributed/:id/attribute',
      {
        onRequest,
        schema: { params: orderIdParams, body: attributeHeldOrderSchema, response: okSchema(heldOrderDecisionSchema) },
      },
      async (request) =>
        ok(await income.attributeWaiting(request.params.id, request.body), '已归属，将在下次结算时按规则结算'),
    );

    app.post(
      '/ops/v1/orders/unattributed/:id/reject',
      {
        onRequest,
        schema: { params: orderIdParams, body: rejectHeldOrderSchema, response: okSchema(heldOrderDecisionSchema) },
      },
      async (request) => ok(await income.rejectWaiting(request.params.id, request.body), '已驳回该订单'),
    );

    app.post(
      '/ops/v1/orders/import',
      { onRequest, schema: { querystring: orderImportQuerySchema, response: okSchema(orderImportResultSchema) } },
      async (request) => {
        const { app_id: appId } = request.query;
        await partnerApps.assertExists(appId);
        const rows = [];
        for (const { line, record } of readOrderCsv(typeof request.body === 'string' ? request.body : '')) {
          const orderId = typeof record.order_id === 'string' ? record.order_id : '';
          try {
            const status = await income.receive(appId, parseOpenOrder(record), 'csv');
            rows.push({ line, order_id: orderId, status, msg: '' });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            rows.push({ line, order_id: orderId, status: 'rejected' as const, msg: error.message });
          }
        }
        const rejected = rows.filter((r) => r.status === 'rejected').length;
        return ok({ total: rows.length, stored: rows.length - rejected, rejected, rows });
      },
    );

    app.post(
      '/ops/v1/bonus',
      { onRequest, schema: { body: bonusRequestSchema, response: okSchema(bonusResultSchema) } },
      async (request) => {
        const { agent_id: agentId, amount, reason, request_id: requestId } = request.body;
        const granted = await income.grantBonus(agentId, yuanToFen(amount), reason, requestId);
        return ok(granted, '奖励已发放，将在下次结算时入账');
      },
    );

    app.post(
      '/ops/v1/settlement/run',
      { onRequest, schema: { response: okSchema(settlementRunResultSchema) } },
      async () => {
        const result = await settlement.settleDueShares();
        return ok({ settled_count: result.settledCount, amount: fenToYuan(result.amountFen) });
      },
    );
  };
}
