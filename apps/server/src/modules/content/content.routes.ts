/**
 * Content calls of spec §7: app map, enum, banners, support poster, help templates, and the serial hit chart
 * (`POST /ai/v1/serials/radar`). All public: the task center is browsable before logging in.
 */
import {
  BANKS,
  appItemSchema,
  bannerQuerySchema,
  bannerSchema,
  enumQuerySchema,
  enumResponseSchema,
  fenToYuan,
  pagedSchema,
  posterSchema,
  radarItemSchema,
  radarRequestSchema,
  templateParamsSchema,
  templateSchema,
  templateSummarySchema,
} from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appError } from '../../errors.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import { isoTime, offsetOf, paged, splitTags } from '../paging.js';
import type { ContentRepository } from './content.repository.js';

const toAppItem = (app: { id: number; name: string; icon_url: string; platform: string }) => ({
  app_id: app.id,
  name: app.name,
  icon_url: app.icon_url,
  platform: app.platform,
});

export function contentRoutes(content: ContentRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/agent/v1/program/poster', { schema: { response: okSchema(posterSchema) } }, async () => {
      const poster = await content.activePoster();
      if (!poster) throw appError('posterNotFound');
      return ok(poster);
    });

    // The help page's menu; a static path wins over `/template/:id` in the router.
    app.get('/agent/v1/template/list', { schema: { response: okSchema(z.array(templateSummarySchema)) } }, async () =>
      ok(await content.listTemplates()),
    );

    app.get(
      '/agent/v1/template/:id',
      { schema: { params: templateParamsSchema, response: okSchema(templateSchema) } },
      async (request) => {
        const template = await content.templateById(request.params.id);
        if (!template) throw appError('helpTemplateNotFound');
        return ok({ ...template, updated_at: isoTime(template.updated_at) });
      },
    );

    app.get('/agent/v1/app/map', { schema: { response: okSchema(z.array(appItemSchema)) } }, async () =>
      ok((await content.listApps()).map(toAppItem)),
    );

    app.get(
      '/agent/v1/enum',
      { schema: { querystring: enumQuerySchema, response: okSchema(enumResponseSchema) } },
      async (request) =>
        ok({ apps: (await content.listApps(request.query.task_type)).map(toAppItem), banks: [...BANKS] }),
    );

    app.get(
      '/agent/v1/banner/map',
      { schema: { querystring: bannerQuerySchema, response: okSchema(z.array(bannerSchema)) } },
      async (request) => ok(await content.listBanners(request.query.platform)),
    );

    app.post(
      '/ai/v1/serials/radar',
      { schema: { body: radarRequestSchema, response: okSchema(pagedSchema(radarItemSchema)) } },
      async (request) => {
        const query = request.body;
        const { limit, offset } = offsetOf(query);
        const { rows, total } = await content.radar({
          channel: query.channel,
          taskType: query.task_type,
          sort: query.sort,
          limit,
          offset,
        });
        const data = rows.map((row, index) => ({
          rank: offset + index + 1,
          serial_id: row.serial_id,
          task_id: row.task_id,
          task_type: row.task_type,
          name: row.name,
          cover_url: row.cover_url,
          app_id: row.app_id,
          app_name: row.app_name,
          app_icon: row.app_icon,
          channel: row.channel,
          tags: splitTags(row.tags),
          publish_at: isoTime(row.publish_at),
          total_income: fenToYuan(row.total_income_fen),
        }));
        return ok(paged(data, total, query));
      },
    );
  };
}
