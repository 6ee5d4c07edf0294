/**
 * Landing pages of the demo catalogue's apps (`/demo/apps/{key}`): where a promotion short link sends a visitor,
 * showing the app, the serial and the promotion code it carries. Real apps have their own landing pages.
 */
import { demoLandingApi, TaskType } from '@cc/contracts';
import { escapeMarkup } from '../escape-markup.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../plugins/endpoint-route.js';
import { DEMO_APPS, DEMO_SERIALS } from './demo-catalogue.js';

const RECHARGE_RESULTS: Record<string, string> = {
  attributed: '已上报一笔 30.00 元充值，创作者的收益中可看到待结算分成',
  unattributed: '已上报充值，但推广口令不属于本应用，订单待运营核对',
  duplicate: '该订单已上报过',
  failed: '上报失败，请稍后重试',
};

/** The "模拟充值" button: the demo app reports a recharge for this code through the signed open API (a dev route). */
function rechargeForm(appKey: string, code: string, result: string | undefined): string {
  const message = result ? RECHARGE_RESULTS[result] : undefined;
  return `<form method="post" action="/dev/demo/apps/${escapeMarkup(appKey)}/recharge">
<input type="hidden" name="code" value="${escapeMarkup(code)}"><input type="hidden" name="amount" value="30.00">
<button type="submit">模拟充值</button></form>
${message ? `<p class="result">${escapeMarkup(message)}</p>` : ''}`;
}

export function demoLandingRoutes(serialName: (serialId: number) => Promise<string | null>): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, demoLandingApi.landing, async (request, reply) => {
      const demo = DEMO_APPS.find((a) => a.key === request.params.key);
      if (!demo) return reply.status(404).type('text/html; charset=utf-8').send('<!doctype html><title>404</title>');
      const serial = request.query.serial_id ? await serialName(request.query.serial_id) : null;
      const code = request.query.code ?? '';
      const kind = DEMO_SERIALS.some((s) => s.app === demo.key && s.taskType === TaskType.Novel) ? '小说' : '短剧';
      return reply.type('text/html; charset=utf-8').send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeMarkup(demo.name)}</title><style>
body{margin:0;font-family:'Noto Sans CJK SC','PingFang SC',sans-serif;background:linear-gradient(160deg,${demo.palette.from},${demo.palette.to});color:#fff;min-height:100vh;text-align:center}
main{padding:72px 24px}h1{font-size:30px;margin:0 0 12px}.serial{font-size:20px;margin:24px 0 8px}
.code{display:inline-block;margin-top:16px;padding:10px 20px;border-radius:10px;background:rgba(0,0,0,.25);font-size:22px;letter-spacing:2px}
.note{opacity:.8;font-size:13px;margin-top:40px}
form{margin-top:28px}button{font-size:18px;padding:10px 28px;border:0;border-radius:22px;background:#fff;color:#C81D4E;cursor:pointer}
.result{margin-top:12px;font-size:15px}</style></head><body><main>
<h1>${escapeMarkup(demo.name)}</h1><p>海量热门${kind}，免费观看</p>
${serial ? `<p class="serial">《${escapeMarkup(serial)}》</p>` : ''}
${code ? `<p>推广口令</p><div class="code" data-testid="landing-code">${escapeMarkup(code)}</div>` : ''}
${code ? rechargeForm(demo.key, code, request.query.recharged) : ''}
<p class="note">演示应用落地页：真实应用会在此引导下载或唤起 App</p></main></body></html>`);
    });
  };
}
