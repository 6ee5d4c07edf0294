/** The `vendor` header (the brand) is required on every API call and must be a configured vendor. */
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
  app.addHook('onRequest', async (request) => {
    if (routeZone(request) !== 'api') return;
    const header = request.headers.vendor;
    const vendor = Array.isArray(header) ? header[0] : header;
    if (!vendor) throw appError('vendorMissing');
    if (!known.has(vendor)) throw appError('vendorUnknown');
    request.vendor = vendor;
  });
}
