/** `/ai/v1/parse/*`: 短剧解析's results for the creator's own episodes. */
import { parseApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../../plugins/auth.js';
import { route } from '../../../plugins/endpoint-route.js';
import type { ParseService } from './parse.service.js';

export function parseRoutes(parses: ParseService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, parseApi.episodes, async (request) =>
      parses.episodes(identityOf(request).agentId, request.query.media_ids),
    );
  };
}
