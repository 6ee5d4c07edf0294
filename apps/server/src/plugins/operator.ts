/**
 * The operator API's guard (`/ops/v1/...`): a bearer that is an operator's session, an API key or the configured
 * OPERATOR_TOKEN (an administrator's key), whose role the entry allows (`roles`, from the endpoint table). Each
 * successful write (any method but GET) is recorded in the audit log before its answer is sent.
 */
import { endpointKey, type EndpointSpec } from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../errors.js';
import { parseBearer } from '../modules/auth/token.js';
import type { OperatorPrincipal, OperatorService } from '../modules/operator/operator.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of an operator route, once the guard passed it. */
    operator: OperatorPrincipal | null;
    /** What a write changed, when its route can say (the object, and its state before and after). */
    auditChange: { objectId?: string; before?: unknown; after?: unknown } | null;
  }
}

/** Installs the guard (`app.operatorGuard`, added by `route()` to operator entries) and the audit hook. */
export function registerOperatorAccess(app: FastifyInstance, operators: OperatorService): void {
  app.decorateRequest('operator', null);
  app.decorateRequest('auditChange', null);
  app.decorate('operatorGuard', async (request: FastifyRequest) => {
    const token = parseBearer(request.headers.authorization);
    const principal = token ? await operators.resolve(token) : null;
    if (!principal) throw appError('operatorUnauthorized');
    const allowed = request.routeOptions.config.endpoint?.roles ?? [];
    if (!allowed.includes(principal.role)) throw appError('operatorForbidden');
    request.operator = principal;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const entry = request.routeOptions.config.endpoint;
    if (!request.operator || !entry || entry.method === 'GET' || reply.statusCode >= 400) return payload;
    const change = request.auditChange;
    const params = request.params as { id?: unknown } | undefined;
    await operators.recordAudit({
      principal: request.operator,
      action: endpointKey(entry.method, entry.path),
      objectType: objectTypeOf(entry),
      objectId: change?.objectId ?? (params?.id === undefined ? null : String(params.id)),
      before: change?.before,
      after: change?.after,
      ip: request.ip,
      userAgent: String(request.headers['user-agent'] ?? ''),
    });
    return payload;
  });
}

/** `/ops/v1/withdrawals/bank-batches/:id/confirm` → `withdrawals/bank-batches`: the path's words before its id. */
export function objectTypeOf(entry: Pick<EndpointSpec, 'path'>): string {
  const words = entry.path.replace(/^\/ops\/v1\//, '').split('/');
  const firstParam = words.findIndex((word) => word.startsWith(':'));
  return (firstParam < 0 ? words : words.slice(0, firstParam)).join('/').slice(0, 64);
}

/** How OPERATOR_TOKEN is named where a caller is recorded. */
export const OPERATOR_TOKEN_ACTOR = 'operator-token';

/**
 * Who made an operator call, as the modules record it in their own columns (`reviewed_by`, `created_by`,
 * `decided_by`) and as the audit log names it: `operator:3`, `api-key:2` or `operator-token`.
 */
export function operatorActor(request: FastifyRequest): string {
  return request.operator?.actor ?? OPERATOR_TOKEN_ACTOR;
}
