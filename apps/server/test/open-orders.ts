/** Orders reported as a partner app reports them: signed JSON posted to `/open/v1/orders`. */
import type { OpenOrder, OpenOrderStatus } from '@cc/contracts';
import { signOpenRequest } from '../src/modules/settlement/partner-app.service.js';
import { call, type TestContext } from './test-app.js';

export interface PartnerApp {
  app_id: number;
  key: string;
  webhook_secret: string;
}

/** The partner apps and their secrets, as an operator reads them (`OPERATOR_TOKEN` of the test app). */
export async function partnerApps(ctx: TestContext, operatorToken: string): Promise<PartnerApp[]> {
  const { json } = await call(ctx.app, { method: 'GET', url: '/ops/v1/apps', token: operatorToken, vendor: null });
  return json.body.data as PartnerApp[];
}

/** Reports one order for `partner`, signed with its secret at the test clock's time; what became of it. */
export async function reportOrder(ctx: TestContext, partner: PartnerApp, order: OpenOrder): Promise<OpenOrderStatus> {
  const raw = JSON.stringify(order);
  const timestamp = String(Math.floor(ctx.clock.now() / 1000));
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/open/v1/orders',
    headers: {
      'content-type': 'application/json',
      'x-app-key': partner.key,
      'x-timestamp': timestamp,
      'x-signature': signOpenRequest(partner.webhook_secret, timestamp, raw),
    },
    payload: raw,
  });
  const json = response.json() as { code: number; msg: string; body: { status: OpenOrderStatus } | null };
  if (json.code !== 0) throw new Error(`open order ${order.order_id}: ${json.code} ${json.msg}`);
  return json.body!.status;
}
