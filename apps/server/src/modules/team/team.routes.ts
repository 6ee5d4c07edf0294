/**
 * Team calls: `GET /agent/v1/team/page` (my members), `/team/summary` (figures, my leader, invite
 * links) and `/team/poster` (the invite poster as a PNG download). Each reads the caller's own team only.
 */
import { createReadStream } from 'node:fs';
import { teamApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../content-disposition.js';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { TeamService } from './team.service.js';

export function teamRoutes(team: TeamService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, teamApi.page, async (request) => team.page(identityOf(request).agentId, request.query));
    route(app, teamApi.summary, async (request) => team.summary(identityOf(request).agentId));

    route(app, teamApi.poster, async (request, reply) => {
      const poster = await team.poster(identityOf(request).agentId);
      const etag = `"${poster.key}"`;
      // The poster changes only with what it shows; a browser revalidates and gets 304 until then.
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .header('content-type', 'image/png')
        .header('content-disposition', contentDisposition(`邀请海报-${poster.inviteCode}.png`))
        .send(createReadStream(poster.file));
    });
  };
}
