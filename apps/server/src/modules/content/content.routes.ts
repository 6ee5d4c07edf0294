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
import { ok, okSchema } from '../../plugins/envelope.js';
import type { ContentService } from './content.service.js';

export function contentRoutes(content: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/agent/v1/program/poster', { schema: { response: okSchema(posterSchema) } }, async () =>
      ok(await content.supportPoster()),
    );

    // The help page's menu; a static path wins over `/template/:id` in the router.
    app.get('/agent/v1/template/list', { schema: { response: okSchema(z.array(templateSummarySchema)) } }, async () =>
      ok(await content.templates()),
    );

    app.get(
      '/agent/v1/template/:id',
      { schema: { params: templateParamsSchema, response: okSchema(templateSchema) } },
      async (request) => ok(await content.template(request.params.id)),
    );

    app.get('/agent/v1/app/map', { schema: { response: okSchema(z.array(appItemSchema)) } }, async () =>
      ok(await content.apps()),
    );

    app.get(
      '/agent/v1/enum',
      { schema: { querystring: enumQuerySchema, response: okSchema(enumResponseSchema) } },
      async (request) => ok({ apps: await content.apps(request.query.task_type), banks: [...BANKS] }),
    );

    app.get(
      '/agent/v1/banner/map',
      { schema: { querystring: bannerQuerySchema, response: okSchema(z.array(bannerSchema)) } },
      async (request) => ok(await content.banners(request.query.platform)),
    );

    app.post(
      '/ai/v1/serials/radar',
      { schema: { body: radarRequestSchema, response: okSchema(pagedSchema(radarItemSchema)) } },
      async (request) => ok(await content.radar(request.body)),
    );
  };
}
