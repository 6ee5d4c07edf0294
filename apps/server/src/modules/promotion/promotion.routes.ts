/** Promotion calls (receive, active, my_task), the creator's overview, and the `/s/{code}` short link. */
import { promotionApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { pageSecurityHeaders } from '../../plugins/security.js';
import { offsetOf, paged } from '../paging.js';
import type { PromotionService } from './promotion.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the short-link visits that wait for their batch (tests read them at once). */
    flushVisits: () => Promise<void>;
  }
}

const NOT_FOUND_PAGE = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>链接已失效</title><body style="font-family:sans-serif;text-align:center;padding:72px 24px;color:#1d2129">
<h1 style="font-size:22px">链接已失效</h1><p style="color:#86909c">该推广链接不存在或已下线，请联系分享者获取新的链接。</p>
<p><a href="/" style="color:#165dff">访问创作者中心</a></p></body></html>`;

export function promotionRoutes(promotions: PromotionService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, promotionApi.receive, async (request) =>
      promotions.receive(identityOf(request).agentId, request.body.task_id, request.body.task_type),
    );

    route(app, promotionApi.activate, async (request) =>
      promotions.activate(identityOf(request).agentId, request.body.atr_id),
    );

    route(app, promotionApi.myTasks, async (request) => {
      const { limit, offset } = offsetOf(request.query);
      const { data, total } = await promotions.myTasks(
        identityOf(request).agentId,
        request.query.task_type,
        limit,
        offset,
      );
      return paged(data, total, request.query);
    });

    route(app, promotionApi.overview, async (request) => promotions.overview(identityOf(request).agentId));

    route(app, promotionApi.shortLink, async (request, reply) => {
      const target = await promotions.click({
        code: request.params.code.toUpperCase(),
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
        referrer: request.headers.referer ?? '',
      });
      reply.header('cache-control', 'no-store');
      if (!target) {
        // A page after all: the document headers, which a redirect does not need.
        return reply.headers(pageSecurityHeaders()).status(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
      }
      return reply.redirect(target, 302);
    });
  };
}
