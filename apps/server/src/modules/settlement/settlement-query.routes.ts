/**
 * Settlement read calls of spec §7 under `/agent/v1/sett/`: headline figures, figures by app and by day, the app
 * list, share orders, daily figures and the .xlsx export. A creator reads only their own shares.
 */
import {
  settAggregationQuerySchema,
  settAggregationSchema,
  settAppListQuerySchema,
  settAppListSchema,
  settDailyPageQuerySchema,
  settDailyPageSchema,
  settExportQuerySchema,
  settOrderAggrQuerySchema,
  settOrderAggrSchema,
  settOrderPageQuerySchema,
  settOrderPageSchema,
} from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.js';
import { contentDisposition } from '../../content-disposition.js';
import { identityOf } from '../../plugins/auth.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import { XLSX_CONTENT_TYPE, openExport } from './settlement-export.js';
import type { SettlementQueryService } from './settlement-query.service.js';

export function settlementQueryRoutes(settlement: SettlementQueryService, clock: Clock): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/agent/v1/sett/order/aggr',
      {
        onRequest: app.authenticate,
        schema: { querystring: settOrderAggrQuerySchema, response: okSchema(settOrderAggrSchema) },
      },
      async (request) => ok(await settlement.headline(identityOf(request).agentId, request.query.task_type)),
    );

    app.get(
      '/agent/v1/sett/order/aggregation',
      {
        onRequest: app.authenticate,
        schema: { querystring: settAggregationQuerySchema, response: okSchema(settAggregationSchema) },
      },
      async (request) => ok(await settlement.aggregation(identityOf(request).agentId, request.query)),
    );

    app.get(
      '/agent/v1/sett/app/list',
      {
        onRequest: app.authenticate,
        schema: { querystring: settAppListQuerySchema, response: okSchema(settAppListSchema) },
      },
      async (request) => ok({ data: await settlement.appList(identityOf(request).agentId, request.query.task_type) }),
    );

    app.get(
      '/agent/v1/sett/order/page',
      {
        onRequest: app.authenticate,
        schema: { querystring: settOrderPageQuerySchema, response: okSchema(settOrderPageSchema) },
      },
      async (request) => ok(await settlement.orderPage(identityOf(request).agentId, request.query)),
    );

    app.get(
      '/agent/v1/sett/daily/page',
      {
        onRequest: app.authenticate,
        schema: { querystring: settDailyPageQuerySchema, response: okSchema(settDailyPageSchema) },
      },
      async (request) => ok(await settlement.dailyPage(identityOf(request).agentId, request.query)),
    );

    app.get(
      '/agent/v1/sett/data/export',
      { onRequest: app.authenticate, schema: { querystring: settExportQuerySchema } },
      async (request, reply) => {
        const agentId = identityOf(request).agentId;
        const opened = await openExport(settlement, agentId, request.query, clock.now());
        opened.done.then(
          (rows) => request.log.info({ rows, kind: request.query.kind }, 'settlement export written'),
          (error: unknown) => request.log.warn({ err: error }, 'settlement export stopped mid-stream'),
        );
        return reply
          .header('content-type', XLSX_CONTENT_TYPE)
          .header('content-disposition', contentDisposition(opened.fileName))
          .header('cache-control', 'private, no-store')
          .send(opened.stream);
      },
    );
  };
}
