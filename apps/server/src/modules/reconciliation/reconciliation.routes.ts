/** `GET /ops/v1/reconciliation`: the books check for operators (finance), read-only. */
import { opsReconciliationApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/endpoint-route.js';
import type { ReconciliationService } from './reconciliation.service.js';

export function reconciliationRoutes(books: ReconciliationService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, opsReconciliationApi.check, async () => books.check());
  };
}
