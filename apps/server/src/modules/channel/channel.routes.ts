/**
 * Channel filing for the creator (`/agent/v1/user/account/*`, `/agent/v1/report/check/{id}`) and its review for
 * operators (`/ops/v1/channels`).
 */
import {
  channelCreateSchema,
  channelDeleteSchema,
  channelPageQuerySchema,
  channelRejectSchema,
  channelSchema,
  channelUpdateSchema,
  opsChannelQuerySchema,
  opsChannelSchema,
  pagedSchema,
  reportCheckSchema,
} from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityOf } from '../../plugins/auth.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import { operatorGuard } from '../../plugins/operator.js';
import { offsetOf, paged } from '../paging.js';
import type { ChannelService } from './channel.service.js';

const idParams = z.object({
  id: z.coerce
    .number({ error: '报备编号不正确' })
    .int('报备编号不正确')
    .positive('报备编号不正确')
    .meta({ label: '报备编号' }),
});

export function channelRoutes(channels: ChannelService, operatorToken: string | null): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/agent/v1/user/account/page',
      {
        onRequest: app.authenticate,
        schema: { querystring: channelPageQuerySchema, response: okSchema(pagedSchema(channelSchema)) },
      },
      async (request) => {
        const { limit, offset } = offsetOf(request.query);
        const { data, total } = await channels.page(
          identityOf(request).agentId,
          request.query.report_status,
          limit,
          offset,
        );
        return ok(paged(data, total, request.query));
      },
    );

    app.get(
      '/agent/v1/user/account/list',
      { onRequest: app.authenticate, schema: { response: okSchema(z.array(channelSchema)) } },
      async (request) => ok(await channels.list(identityOf(request).agentId)),
    );

    app.post(
      '/agent/v1/user/account/create',
      { onRequest: app.authenticate, schema: { body: channelCreateSchema, response: okSchema(channelSchema) } },
      async (request) => ok(await channels.create(identityOf(request).agentId, request.body), '报备成功，请等待审核'),
    );

    app.post(
      '/agent/v1/user/account/update',
      { onRequest: app.authenticate, schema: { body: channelUpdateSchema, response: okSchema(channelSchema) } },
      async (request) =>
        ok(await channels.resubmit(identityOf(request).agentId, request.body), '已重新提交，请等待审核'),
    );

    app.post(
      '/agent/v1/user/account/delete',
      {
        onRequest: app.authenticate,
        schema: { body: channelDeleteSchema, response: okSchema(z.object({ deleted: z.number().int() })) },
      },
      async (request) =>
        ok({ deleted: await channels.remove(identityOf(request).agentId, request.body.ids) }, '删除成功'),
    );

    app.get(
      '/agent/v1/report/check/:id',
      { onRequest: app.authenticate, schema: { params: idParams, response: okSchema(reportCheckSchema) } },
      async (request) => ok(await channels.check(identityOf(request).agentId, request.params.id)),
    );

    const operator = operatorGuard(operatorToken);

    app.get(
      '/ops/v1/channels',
      {
        onRequest: operator,
        schema: { querystring: opsChannelQuerySchema, response: okSchema(pagedSchema(opsChannelSchema)) },
      },
      async (request) => {
        const { limit, offset } = offsetOf(request.query);
        const { data, total } = await channels.opsPage(request.query.status, limit, offset);
        return ok(paged(data, total, request.query));
      },
    );

    app.post(
      '/ops/v1/channels/:id/approve',
      { onRequest: operator, schema: { params: idParams, response: okSchema(opsChannelSchema) } },
      async (request) => ok(await channels.review(request.params.id, 'approve', '', 'operator'), '已通过'),
    );

    app.post(
      '/ops/v1/channels/:id/reject',
      {
        onRequest: operator,
        schema: { params: idParams, body: channelRejectSchema, response: okSchema(opsChannelSchema) },
      },
      async (request) =>
        ok(await channels.review(request.params.id, 'reject', request.body.reason, 'operator'), '已驳回'),
    );
  };
}
