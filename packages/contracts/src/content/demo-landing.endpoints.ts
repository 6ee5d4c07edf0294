/** Landing pages of the demo catalogue's apps: where a promotion short link sends a visitor. */
import { endpoint } from '../endpoint.js';
import { demoLandingParamsSchema, demoLandingQuerySchema } from './demo-landing.schema.js';

const tag = '演示应用';

const landing = endpoint({
  method: 'GET',
  path: '/demo/apps/:key',
  guard: 'anonymous',
  tag,
  summary: '演示应用的落地页（推广链接的去处）',
  description:
    'HTML 页面：应用、剧名与推广口令；开发环境下带「模拟充值」按钮。未知应用回答 404 页面。真实应用有自己的落地页。',
  params: demoLandingParamsSchema,
  query: demoLandingQuerySchema,
  answer: 'page',
});

export const demoLandingApi = { landing } as const;
