/** The `vendor` header (the brand) is required on every API call and must be a configured vendor. */
import type { FastifyInstance } from 'fastify';
import { appError } from '../errors.js';
import { routeZone } from './route-zone.js';

declare module 'fastify' {
  interface FastifyRequest {
    vendor: string;
  }
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
