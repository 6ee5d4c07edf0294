/**
 * Bearer authentication for routes that need a logged-in agent, and the per-user rate limit that applies
 * once the agent is known (the per-IP limit runs earlier, for everyone).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../errors.js';
import type { RequestCounter } from './request-counter.js';
import { parseBearer } from '../modules/auth/token.js';
import type { SessionIdentity, SessionService } from '../modules/auth/session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    identity: SessionIdentity | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** For public routes that answer more to a logged-in agent: a valid token sets `identity`, anything else is ignored. */
    identify: (request: FastifyRequest) => Promise<void>;
  }
}

/** Returns the identity of an authenticated request; only call it on routes that run `app.authenticate`. */
export function identityOf(request: FastifyRequest): SessionIdentity {
  if (!request.identity) throw appError('unauthorized');
  return request.identity;
}

export function registerAuth(
  app: FastifyInstance,
  sessions: SessionService,
  options: { perUserPerMinute: number; counter: RequestCounter },
): void {
  app.decorateRequest('identity', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = parseBearer(request.headers.authorization);
    if (!token) throw appError('unauthorized');
    request.identity = await sessions.resolve(token);
    const count = await options.counter.hit(String(request.identity.agentId)).catch((error: unknown) => {
      request.log.warn({ err: error }, 'per-user rate limit unavailable: allowing the request');
      return 0;
    });
    if (count > options.perUserPerMinute) {
      throw appError('rateLimited');
    }
  });
  app.decorate('identify', async (request: FastifyRequest) => {
    const token = parseBearer(request.headers.authorization);
    if (!token) return;
    request.identity = await sessions.resolve(token).catch(() => null);
  });
}
