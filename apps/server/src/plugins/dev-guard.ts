/**
 * Development routes (`/dev/...`: the SMS outbox, the Alipay sandbox) hand out live SMS codes and fake payments,
 * so they answer only to a caller on this machine unless DEV_ROUTES_PUBLIC opens them. A request relayed by a
 * proxy on the same host is not local: it carries a forwarding header.
 */
import { isIP } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { appError } from '../errors.js';
import { routeZone } from './route-zone.js';

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

function isLocalRequest(request: FastifyRequest): boolean {
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !relayed && isLoopback(request.socket.remoteAddress) && isLoopback(request.ip);
}

export function registerDevGuard(app: FastifyInstance, options: { public: boolean }): void {
  if (options.public) return;
  // A callback hook, not an async one: it runs on every request, and a promise per request per hook adds up.
  app.addHook('onRequest', (request, _reply, done) => {
    done(routeZone(request) === 'dev' && !isLocalRequest(request) ? appError('devRoutesLocalOnly') : undefined);
  });
}

/** Start-up says loudly when a development driver stands in for a real service. */
export function warnAboutDevelopmentDrivers(
  log: FastifyBaseLogger,
  drivers: {
    consoleSms: boolean;
    paymentDriver: AppConfig['payment']['driver'];
    derivedDataKey?: boolean;
    publicBaseUrl?: { set: boolean; value: string };
  },
): void {
  if (drivers.publicBaseUrl && !drivers.publicBaseUrl.set) {
    log.warn(
      { setting: 'PUBLIC_BASE_URL' },
      `PUBLIC_BASE_URL IS NOT SET: promotion links and payment callbacks point at ${drivers.publicBaseUrl.value}, which only this machine can open (set PUBLIC_BASE_URL to the address creators use)`,
    );
  }
  if (drivers.derivedDataKey) {
    log.warn(
      { driver: 'data-key' },
      'DEVELOPMENT DATA KEY IN USE: personal data is encrypted with a key derived from APP_SECRET (set DATA_ENCRYPTION_KEY)',
    );
  }
  if (drivers.consoleSms) {
    log.warn(
      { driver: 'console' },
      'DEVELOPMENT SMS DRIVER IN USE: codes are logged and kept in /dev/sms/outbox, no SMS is sent (set SMS_DRIVER=aliyun)',
    );
  }
  if (drivers.paymentDriver === 'sandbox') {
    log.warn(
      { driver: 'sandbox' },
      'DEVELOPMENT PAYMENT DRIVER IN USE: the built-in Alipay sandbox takes fake payments (set PAYMENT_DRIVER=alipay)',
    );
  }
}
