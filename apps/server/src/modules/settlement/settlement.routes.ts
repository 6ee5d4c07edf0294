/**
 * Operator calls of income (ADR 0012): partner apps' credentials and order limits, CSV import of orders, the queue
 * of orders waiting for a decision, bonuses and settlement runs on demand, all behind the operator guard.
 */
import { fenToYuan, opsSettlementApi, yuanToFen } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { route } from '../../plugins/endpoint-route.js';
import type { IncomeService } from './income.service.js';
import { parseOpenOrder } from './open-order.routes.js';
import { readOrderCsv } from './order-csv.js';
import type { PartnerAppService } from './partner-app.service.js';
import type { SettlementService } from './settlement.service.js';

export interface SettlementRouteDeps {
  partnerApps: PartnerAppService;
  income: IncomeService;
  settlement: SettlementService;
  /** Secrets are readable by operators only outside production (the embedded profile); rotation shows a new one once. */
  secretsReadable: boolean;
}

export function settlementRoutes(deps: SettlementRouteDeps): FastifyPluginAsyncZod {
  const { partnerApps, income, settlement } = deps;
  return async (app) => {
    app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    if (deps.secretsReadable) {
      route(app, opsSettlementApi.apps, async () => ({ data: await partnerApps.list() }));
    }

    route(app, opsSettlementApi.rotateApp, async (request) => partnerApps.rotate(request.params.id));

    route(app, opsSettlementApi.appLimits, async (request) => partnerApps.limits(request.params.id));

    route(app, opsSettlementApi.setAppLimits, async (request) =>
      partnerApps.setLimits(request.params.id, request.body),
    );

    route(app, opsSettlementApi.heldOrders, async (request) => income.waitingOrders(request.query));

    route(app, opsSettlementApi.attributeHeldOrder, async (request) =>
      income.attributeWaiting(request.params.id, request.body),
    );

    route(app, opsSettlementApi.rejectHeldOrder, async (request) =>
      income.rejectWaiting(request.params.id, request.body),
    );

    route(app, opsSettlementApi.importOrders, async (request) => {
      const { app_id: appId } = request.query;
      await partnerApps.assertExists(appId);
      const rows = [];
      // The body is the CSV text (`text/csv`, parsed as a string above); the entry declares no JSON body.
      const csv: unknown = request.body;
      for (const { line, record } of readOrderCsv(typeof csv === 'string' ? csv : '')) {
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
      return { total: rows.length, stored: rows.length - rejected, rejected, rows };
    });

    route(app, opsSettlementApi.bonus, async (request) => {
      const { agent_id: agentId, amount, reason, request_id: requestId } = request.body;
      return income.grantBonus(agentId, yuanToFen(amount), reason, requestId);
    });

    route(app, opsSettlementApi.runSettlement, async () => {
      const result = await settlement.settleDueShares();
      return { settled_count: result.settledCount, amount: fenToYuan(result.amountFen) };
    });
  };
}
