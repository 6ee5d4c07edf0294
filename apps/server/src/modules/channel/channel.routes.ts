/**
 * Channel filing for the creator (`/agent/v1/user/account/*`, `/agent/v1/report/check/{id}`) and its review for
 * operators (`/ops/v1/channels`).
 */
import { channelApi, opsChannelApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { offsetOf, paged } from '../paging.js';
import type { ChannelService } from './channel.service.js';
import { operatorActor } from '../../plugins/operator.js';

export function channelRoutes(channels: ChannelService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, channelApi.page, async (request) => {
      const { limit, offset } = offsetOf(request.query);
      const { data, total } = await channels.page(
        identityOf(request).agentId,
        request.query.report_status,
        limit,
        offset,
      );
      return paged(data, total, request.query);
    });
    route(app, channelApi.list, async (request) => channels.list(identityOf(request).agentId));
    route(app, channelApi.create, async (request) => channels.create(identityOf(request).agentId, request.body));
    route(app, channelApi.update, async (request) => channels.resubmit(identityOf(request).agentId, request.body));
    route(app, channelApi.remove, async (request) => ({
      deleted: await channels.remove(identityOf(request).agentId, request.body.ids),
    }));
    route(app, channelApi.check, async (request) => channels.check(identityOf(request).agentId, request.params.id));

    route(app, opsChannelApi.list, async (request) => {
      const { limit, offset } = offsetOf(request.query);
      const { data, total } = await channels.opsPage(request.query.status, limit, offset);
      return paged(data, total, request.query);
    });
    route(app, opsChannelApi.approve, async (request) =>
      channels.review(request.params.id, 'approve', '', operatorActor(request)),
    );
    route(app, opsChannelApi.reject, async (request) =>
      channels.review(request.params.id, 'reject', request.body.reason, operatorActor(request)),
    );
  };
}
