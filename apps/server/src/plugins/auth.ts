/**
 * Bearer authentication for routes that need a logged-in agent, and the per-user rate limit that applies
 * once the agent is known (the per-IP limit runs earlier, for everyone).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../errors.js';
import type { Clock } from '../clock.js';
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

/** Fixed one-minute windows per agent, kept in memory (one process per box; a shared store comes with Redis). */
class PerUserWindow {
  private windowStart = 0;
  private counts = new Map<number, number>();
  constructor(
    private readonly limit: number,
    private readonly clock: Clock,
  ) {}

  hit(agentId: number): boolean {
    const now = this.clock.now();
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.counts.clear();
    }
    const count = (this.counts.get(agentId) ?? 0) + 1;
    this.counts.set(agentId, count);
    return count <= this.limit;
  }
}

export function registerAuth(
  app: FastifyInstance,
  sessions: SessionService,
  options: { perUserPerMinute: number; clock: Clock },
): void {
  const window = new PerUserWindow(options.perUserPerMinute, options.clock);
  app.decorateRequest('identity', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = parseBearer(request.headers.authorization);
    if (!token) throw appError('unauthorized');
    request.identity = await sessions.resolve(token);
    if (!window.hit(request.identity.agentId)) throw appError('rateLimited');
  });
  app.decorate('identify', async (request: FastifyRequest) => {
    const token = parseBearer(request.headers.authorization);
    if (!token) return;
    request.identity = await sessions.resolve(token).catch(() => null);
  });
}
