/**
 * Which guards a request passes is decided by the route the router matched, never by the raw request line: the
 * router decodes `%61gent`, strips an absolute-form `http://host` and may fold slashes, so a prefix test of
 * `request.url` and the router can disagree about where a request goes.
 */
import type { FastifyRequest } from 'fastify';

/**
 * `api` carries the vendor header; `api`, `ops`, `open` (partner apps, signed) and `shortLink` count against the
 * per-IP limit; `dev` is local; `file` is the media library's signed links (a `<video>` sends no header, and a
 * player's many Range requests are not API calls).
 */
export type RouteZone = 'api' | 'ops' | 'open' | 'shortLink' | 'dev' | 'file' | 'other';

const ZONES: ReadonlyArray<readonly [prefix: string, zone: RouteZone]> = [
  ['/agent/', 'api'],
  ['/ai/v1/files/', 'file'],
  ['/ai/', 'api'],
  ['/activity/', 'api'],
  ['/ops/', 'ops'],
  ['/open/', 'open'],
  ['/s/', 'shortLink'],
  ['/dev/', 'dev'],
];

/** The zone of a route's pattern or of a normalised path. */
export function zoneOfPath(path: string): RouteZone {
  return ZONES.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'other';
}

/** The zone of the matched route (its declared pattern); `null` when no route matched (the 404 handler). */
export function routeZone(request: FastifyRequest): RouteZone | null {
  const pattern = request.routeOptions.url;
  return pattern === undefined ? null : zoneOfPath(pattern);
}

/** The path of a request line as the router reads it: no origin, no query, decoded, `.`, `..` and doubled slashes resolved. */
export function normalisedPath(rawUrl: string): string {
  const withoutOrigin = rawUrl.replace(/^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i, '');
  const rawPath = (withoutOrigin.split(/[?#]/)[0] ?? '').replace(/\/{2,}/g, '/');
  let path: string;
  try {
    // The URL parser resolves `.` and `..` segments.
    path = decodeURIComponent(new URL(rawPath, 'http://localhost').pathname);
  } catch {
    path = rawPath;
  }
  return path.replace(/\/{2,}/g, '/');
}

/**
 * The zone a path of an unmatched request would belong to, once decoded and normalised as the router would, so
 * that an unknown `/%61gent/...` still answers the API's envelope 404 rather than the web page.
 */
export function unmatchedZone(rawUrl: string): RouteZone {
  return zoneOfPath(normalisedPath(rawUrl));
}
