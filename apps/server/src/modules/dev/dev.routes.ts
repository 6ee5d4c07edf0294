/**
 * Development-only routes: the SMS outbox of the console driver. Never registered in production; loopback callers
 * only (plugins/dev-guard.ts). The outbox answers for one phone at a time, never a list of everyone's codes.
 */
import { devApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/endpoint-route.js';
import type { ConsoleSmsDriver } from '../../providers/sms/console-sms.js';

export function devRoutes(outbox: ConsoleSmsDriver): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, devApi.smsOutbox, async (request) => ({
      data: outbox.list(request.query.phone).map((m) => ({
        phone: m.phone,
        type: m.type,
        code: m.code,
        created_at: new Date(m.createdAt).toISOString(),
      })),
    }));
  };
}
