/** The `vendor` header (the brand) is required on every API call but OPTIONS and must be a configured vendor. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../errors.js';
import { routeZone } from './route-zone.js';

declare module 'fastify' {
  interface FastifyRequest {
    vendor: string;
  }
}

/**
 * The vendor of a request that passed the vendor check. Anything that stores the vendor reads it here, so a
 * request that somehow skipped the check fails instead of recording an empty brand.
 */
export function vendorOf(request: FastifyRequest): string {
  if (!request.vendor) throw appError('vendorMissing');
  return request.vendor;
}

export function registerVendor(app: FastifyInstance, vendors: readonly string[]): void {
  const known = new Set(vendors);
  app.decorateRequest('vendor', '');
  // A callback hook, not an async one: it runs on every request, and a promise per request per hook adds up.
  app.addHook('onRequest', (request, _reply, done) => {
    // A CORS preflight never carries the header (nor does tus's discovery OPTIONS): OPTIONS does nothing.
    if (routeZone(request) !== 'api' || request.method === 'OPTIONS') return done();
    const header = request.headers.vendor;
    const vendor = Array.isArray(header) ? header[0] : header;
    if (!vendor) return done(appError('vendorMissing'));
    if (!known.has(vendor)) return done(appError('vendorUnknown'));
    request.vendor = vendor;
    done();
  });
}
