/**
 * The demo apps' "模拟充值" (development only, loopback unless DEV_ROUTES_PUBLIC): the landing page's form posts
 * here and the demo app reports a recharge through the real signed open API, as a partner's server would.
 */
import { randomBytes } from 'node:crypto';
import { settlementApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Clock } from '../clock.js';
import { route } from '../plugins/endpoint-route.js';
import { DEMO_APPS } from './demo-catalogue.js';
import { signOpenRequest, type PartnerAppService } from '../modules/settlement/partner-app.service.js';

export const DEMO_RECHARGE_PATH = settlementApi.demoRecharge.path;

export function demoRechargeRoutes(partnerApps: PartnerAppService, clock: Clock): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, settlementApi.demoRecharge, async (request, reply) => {
      const demo = DEMO_APPS.find((a) => a.key === request.params.key);
      const listed = demo && (await partnerApps.list()).find((a) => a.name === demo.name);
      if (!demo || !listed)
        return reply.status(404).type('text/html; charset=utf-8').send('<!doctype html><title>404</title>');
      const { code, amount } = request.body;
      const body = JSON.stringify({
        order_id: `demo-${clock.now()}-${randomBytes(4).toString('hex')}`,
        code,
        order_type: 1,
        amount,
        order_at: new Date(clock.now()).toISOString(),
      });
      const timestamp = String(Math.floor(clock.now() / 1000));
      const answer = await app.inject({
        method: 'POST',
        url: settlementApi.openOrder.path,
        headers: {
          'content-type': 'application/json',
          'x-app-key': listed.key,
          'x-timestamp': timestamp,
          'x-signature': signOpenRequest(listed.webhook_secret, timestamp, body),
        },
        payload: body,
      });
      const result = answer.json<{ code: number; body: { status: string } | null }>();
      const outcome = result.code === 0 && result.body ? result.body.status : 'failed';
      const query = new URLSearchParams({ code, recharged: outcome });
      return reply.redirect(`/demo/apps/${demo.key}?${query.toString()}`, 303);
    });
  };
}
