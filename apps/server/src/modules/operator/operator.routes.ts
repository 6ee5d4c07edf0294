/** Operator accounts, login and logout, API keys and the audit log (`/ops/v1/operators`, `/auth`, `/api-keys`, `/audit`). */
import { opsOperatorApi } from '@cc/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../content-disposition.js';
import { appError } from '../../errors.js';
import { route } from '../../plugins/endpoint-route.js';
import { isoTime, offsetOf, paged } from '../paging.js';
import { auditCsv, toApiKey, toAuditEntry, toOperator } from './operator.presenter.js';
import type { OperatorPrincipal, OperatorService } from './operator.service.js';

export function operatorRoutes(operators: OperatorService): FastifyPluginAsyncZod {
  return async (app) => {
    const callerOf = (request: FastifyRequest): OperatorPrincipal => {
      if (!request.operator) throw appError('operatorUnauthorized');
      return request.operator;
    };

    route(app, opsOperatorApi.create, async (request) => {
      const created = await operators.create(request.body, callerOf(request).actor);
      request.auditChange = {
        objectId: String(created.id),
        after: { id: created.id, username: request.body.username, role: request.body.role },
      };
      return created;
    });
    route(app, opsOperatorApi.list, async () => ({ data: (await operators.list()).map(toOperator) }));
    route(app, opsOperatorApi.disable, async (request) => {
      const before = toOperator(await operators.get(request.params.id));
      const after = toOperator(await operators.disable(request.params.id));
      request.auditChange = { before, after };
      return after;
    });

    route(app, opsOperatorApi.login, async (request) => {
      const session = await operators.login(request.body, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      });
      return { access_token: session.token, expires_at: isoTime(session.expiresAt) };
    });
    route(app, opsOperatorApi.logout, async (request) => {
      await operators.logout(callerOf(request), false);
      return null;
    });
    route(app, opsOperatorApi.logoutEverywhere, async (request) => {
      await operators.logout(callerOf(request), true);
      return null;
    });

    route(app, opsOperatorApi.createKey, async (request) => {
      const created = await operators.createApiKey(request.body, callerOf(request).actor);
      request.auditChange = { objectId: String(created.id), after: toApiKey(created) };
      return { ...toApiKey(created), key: created.key };
    });
    route(app, opsOperatorApi.listKeys, async () => ({ data: (await operators.listApiKeys()).map(toApiKey) }));
    route(app, opsOperatorApi.revokeKey, async (request) => {
      const before = toApiKey(await operators.getApiKey(request.params.id));
      const after = toApiKey(await operators.revokeApiKey(request.params.id));
      request.auditChange = { before, after };
      return after;
    });

    route(app, opsOperatorApi.audit, async (request) => {
      const { limit, offset } = offsetOf(request.query);
      const { rows, total } = await operators.auditPage(request.query, limit, offset);
      return paged(rows.map(toAuditEntry), total, request.query);
    });
    route(app, opsOperatorApi.auditExport, async (request, reply) => {
      const rows = await operators.auditRows(request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('operator-audit.csv'))
        .header('cache-control', 'no-store')
        .send(auditCsv(rows.map(toAuditEntry)));
    });
  };
}
