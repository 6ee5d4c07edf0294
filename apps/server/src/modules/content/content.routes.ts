/**
 * Content calls: app map, enum, banners, support poster, help templates, and the serial hit chart
 * (`POST /ai/v1/serials/radar`). All public: the task center is browsable before logging in.
 */
import { BANKS, contentApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../plugins/endpoint-route.js';
import type { ContentService } from './content.service.js';

export function contentRoutes(content: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, contentApi.poster, async () => content.supportPoster());
    // The help page's menu; a static path wins over `/template/:id` in the router.
    route(app, contentApi.templates, async () => content.templates());
    route(app, contentApi.template, async (request) => content.template(request.params.id));
    route(app, contentApi.apps, async () => content.apps());
    route(app, contentApi.enums, async (request) => ({
      apps: await content.apps(request.query.task_type),
      banks: [...BANKS],
    }));
    route(app, contentApi.banners, async (request) => content.banners(request.query.platform));
    route(app, contentApi.radar, async (request) => content.radar(request.body));
  };
}
