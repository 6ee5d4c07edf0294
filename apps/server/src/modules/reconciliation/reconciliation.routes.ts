/** `GET /ops/v1/reconciliation`: the books check for operators (finance), read-only. */
import { reconciliationReportSchema } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okSchema } from '../../plugins/envelope.js';
import { operatorGuard } from '../../plugins/operator.js';
import type { ReconciliationService } from './reconciliation.service.js';

export function reconciliationRoutes(
  books: ReconciliationService,
  operatorToken: string | null,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ops/v1/reconciliation',
      { onRequest: operatorGuard(operatorToken), schema: { response: okSchema(reconciliationReportSchema) } },
      async () => ok(await books.check()),
    );
  };
}
