/**
 * 智能运营 calls (`/ai/v1/operate/*`): suggestions, the channel and hour figures, and the publishing calendar. Each
 * reads or changes the caller's own data only; another creator's calendar item answers not found.
 */
import { operateApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { OperateService } from './operate.service.js';

export function operateRoutes(operate: OperateService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, operateApi.suggestions, async (request) => operate.suggestions(identityOf(request).agentId));
    route(app, operateApi.insight, async (request) => operate.insight(identityOf(request).agentId, request.query.days));
    route(app, operateApi.calendar, async (request) =>
      operate.listCalendar(identityOf(request).agentId, request.query),
    );
    route(app, operateApi.createItem, async (request) => operate.createItem(identityOf(request).agentId, request.body));
    route(app, operateApi.updateItem, async (request) =>
      operate.updateItem(identityOf(request).agentId, request.params.id, request.body),
    );
    route(app, operateApi.deleteItem, async (request) =>
      operate.deleteItem(identityOf(request).agentId, request.params.id),
    );
  };
}
