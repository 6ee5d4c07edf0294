/** `GET /agent/v1/user/info` and `POST /agent/v1/user/update_info`. */
import { userApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { UserService } from './user.service.js';

export function userRoutes(users: UserService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, userApi.info, async (request) => users.info(identityOf(request).agentId));
    route(app, userApi.updateInfo, async (request) => users.updateInfo(identityOf(request).agentId, request.body));
  };
}
