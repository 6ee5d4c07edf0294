/** Security headers, CORS (closed unless origins are configured) and the per-IP rate limit on API paths. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { DEVICE_ID_HEADER, ErrorCode, ErrorMessages } from '@cc/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import type { AppConfig } from '../config.js';
import { routeZone, unmatchedZone, type RouteZone } from './route-zone.js';

/** The API, the operator API and promotion short links; static files and pages are not limited. */
const LIMITED_ZONES: ReadonlySet<RouteZone | null> = new Set(['api', 'ops', 'shortLink']);

/**
 * The security headers, computed once: helmet's middleware run against a recording response at start-up. (Its
 * Fastify plugin builds the middleware, parsing the CSP, again on every request.) No route varies them.
 */
export function staticSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Arco and the player set inline styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Zones whose answers are not documents: JSON envelopes, and the short link's redirect (its one page, an unknown
 * code, sets the page headers itself with `pageSecurityHeaders`).
 */
const NOT_DOCUMENT_ZONES: ReadonlySet<RouteZone | null> = new Set(['api', 'ops', 'open', 'shortLink']);

let pageHeadersOnce: Record<string, string> | undefined;

/** The page set (`staticSecurityHeaders`), computed once per process. */
export function pageSecurityHeaders(): Record<string, string> {
  return (pageHeadersOnce ??= staticSecurityHeaders());
}

/**
 * The headers of an API answer (OWASP's REST set): no document policy to carry — nothing in a JSON answer runs, frames
 * or loads — only that it must not be sniffed into one, framed, sent on as a referrer or read across origins, and
 * HTTPS. Half the count and a third of the bytes of the page set, on every API call.
 */
export function apiSecurityHeaders(): Record<string, string> {
  const page = pageSecurityHeaders();
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': page['strict-transport-security']!,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/**
 * Hands the raw response to a route that writes it itself (tus uploads, SSE) with the headers set so far — the
 * security set, the request id, CORS — which Fastify would otherwise drop with the hijacked reply.
 */
export function hijackKeepingHeaders(reply: FastifyReply): ServerResponse {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  reply.hijack();
  return reply.raw;
}

export async function registerSecurity(app: FastifyInstance, config: AppConfig, redis: Redis | null): Promise<void> {
  const pageHeaders = pageSecurityHeaders();
  const apiHeaders = apiSecurityHeaders();
  // The request id goes back with every answer, set here with the static headers (one callback hook, no onSend).
  app.addHook('onRequest', (request, reply, done) => {
    // An unmatched path goes by where it would have been: an unknown API path answers the API's envelope 404.
    const zone = routeZone(request) ?? unmatchedZone(request.url);
    reply.headers(NOT_DOCUMENT_ZONES.has(zone) ? apiHeaders : pageHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      allowedHeaders: [
        ...['content-type', 'authorization', 'vendor', 'x-request-id', 'idempotency-key', DEVICE_ID_HEADER],
        // tus uploads (the media library).
        ...['tus-resumable', 'upload-length', 'upload-metadata', 'upload-offset', 'upload-defer-length'],
      ],
      exposedHeaders: ['location', 'upload-offset', 'upload-length', 'tus-resumable'],
      maxAge: 600,
    });
  }
  await app.register(rateLimit, {
    global: false,
    max: config.rateLimit.perIp,
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    // With Redis every API server counts together; without it each process counts alone. A Redis outage must
    // not take the API down with it, so limits fail open then.
    ...(redis && { redis, nameSpace: `${config.redis?.prefix ?? ''}rl:ip:`, skipOnError: true }),
    errorResponseBuilder: () => ({
      statusCode: 429,
      code: ErrorCode.rateLimited,
      msg: ErrorMessages.rateLimited,
      body: null,
    }),
  });
  // A root hook, not the plugin's per-route one, so the limit runs first: before the vendor check and before a
  // route's own hooks (bearer auth), as the request path in docs/ARCHITECTURE.md says.
  const limitPerIp = app.rateLimit();
  // Partner apps report orders in bursts from a few servers: the signed open API has its own, larger budget.
  const limitOpenPerIp = app.rateLimit({
    max: config.rateLimit.openPerIp,
    keyGenerator: (request) => `open:${request.ip}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    const zone = routeZone(request);
    if (zone === 'open') await limitOpenPerIp.call(app, request, reply);
    else if (LIMITED_ZONES.has(zone)) await limitPerIp.call(app, request, reply);
  });
}
