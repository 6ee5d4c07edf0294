/** `GET /agent/v1/user/info` and `POST /agent/v1/user/update_info`. */
import { updateInfoRequestSchema, userInfoSchema } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import type { UserService } from './user.service.js';

export function userRoutes(users: UserService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/agent/v1/user/info',
      { onRequest: app.authenticate, schema: { response: okSchema(userInfoSchema) } },
      async (request) => ok(await users.info(identityOf(request).agentId)),
    );

    app.post(
      '/agent/v1/user/update_info',
      { onRequest: app.authenticate, schema: { body: updateInfoRequestSchema, response: okSchema(userInfoSchema) } },
      async (request) => ok(await users.updateInfo(identityOf(request).agentId, request.body), '保存成功'),
    );
  };
}
