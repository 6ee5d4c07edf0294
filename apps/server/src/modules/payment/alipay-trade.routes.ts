/** Alipay's asynchronous notification endpoint (declared with the order calls in the endpoint table). */
import { orderApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/endpoint-route.js';
import type { AlipayTradeService } from './alipay-trade.service.js';

export const ALIPAY_NOTIFY_PATH = orderApi.alipayNotify.path;

export function alipayNotifyRoutes(trades: AlipayTradeService, limits: { notifyPerIp: number }): FastifyPluginAsyncZod {
  return async (app) => {
    // Alipay posts a form and retries until it reads exactly `success`: whatever goes wrong — a body that does not
    // parse, a signature that does not verify, a database error — the answer is the plain text `failure`.
    // Outside the API's zones, the notification has its own per-IP budget (RATE_LIMIT_NOTIFY_PER_IP).
    const limitPerIp = app.rateLimit({
      max: limits.notifyPerIp,
      timeWindow: 60_000,
      keyGenerator: (request) => `notify:${request.ip}`,
    });
    route(
      app,
      orderApi.alipayNotify,
      async (request, reply) => {
        const handled = await trades.handleNotify(request.body);
        return reply.type('text/plain').send(handled ? 'success' : 'failure');
      },
      {
        onRequest: limitPerIp,
        errorHandler: (error, request, reply) => {
          if (error.statusCode === 429) return reply.status(429).type('text/plain').send('failure');
          if (error.statusCode !== undefined && error.statusCode < 500) {
            // The caller's body refused by the framework (bad JSON, an unknown type): its message quotes that body,
            // so only the kind of failure is logged. Past parsing, the service logs what it checks itself, and an
            // error of ours (the database) comes after the signature was verified.
            request.log.warn({ code: error.code, statusCode: error.statusCode }, 'alipay notify refused');
          } else {
            request.log.error({ err: error }, 'alipay notify failed');
          }
          return reply.status(200).type('text/plain').send('failure');
        },
      },
    );
  };
}
