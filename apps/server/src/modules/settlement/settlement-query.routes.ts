/**
 * Settlement read calls under `/agent/v1/sett/`: headline figures, figures by app and by day, the app
 * list, share orders, daily figures and the .xlsx export. A creator reads only their own shares.
 */
import { settlementApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock.js';
import { contentDisposition } from '../../content-disposition.js';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { XLSX_CONTENT_TYPE, openExport } from './settlement-export.js';
import type { SettlementQueryService } from './settlement-query.service.js';

export function settlementQueryRoutes(settlement: SettlementQueryService, clock: Clock): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, settlementApi.headline, async (request) =>
      settlement.headline(identityOf(request).agentId, request.query.task_type),
    );

    route(app, settlementApi.aggregation, async (request) =>
      settlement.aggregation(identityOf(request).agentId, request.query),
    );

    route(app, settlementApi.appList, async (request) => ({
      data: await settlement.appList(identityOf(request).agentId, request.query.task_type),
    }));

    route(app, settlementApi.orderPage, async (request) =>
      settlement.orderPage(identityOf(request).agentId, request.query),
    );

    route(app, settlementApi.dailyPage, async (request) =>
      settlement.dailyPage(identityOf(request).agentId, request.query),
    );

    route(app, settlementApi.exportData, async (request, reply) => {
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
    });
  };
}
