/** `/ai/v1/commentary`: the narration script's preview and the script a job rendered. */
import { commentaryApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../../plugins/auth.js';
import { route } from '../../../plugins/endpoint-route.js';
import type { CommentaryService } from './commentary.service.js';

export function commentaryRoutes(commentary: CommentaryService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, commentaryApi.script, async (request) => commentary.preview(identityOf(request).agentId, request.body));
    route(app, commentaryApi.jobScript, async (request) =>
      commentary.jobScript(identityOf(request).agentId, Number(request.params.id)),
    );
  };
}
