/** Creator onboarding for the agent (`/agent/v1/apply/*`) and its review for operators (`/ops/v1/applications`). */
import { applyApi, opsApplyApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { offsetOf, paged } from '../paging.js';
import type { ApplyService } from './apply.service.js';
import { operatorActor } from '../../plugins/operator.js';

export function applyRoutes(applications: ApplyService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, applyApi.submit, async (request) => applications.submit(identityOf(request).agentId, request.body));
    route(app, applyApi.status, async (request) => ({
      application: await applications.status(identityOf(request).agentId),
    }));
    route(app, applyApi.ack, async (request) => {
      await applications.acknowledgeApproval(identityOf(request).agentId);
      return null;
    });

    route(app, opsApplyApi.list, async (request) => {
      const { limit, offset } = offsetOf(request.query);
      const { data, total } = await applications.page(request.query.status, limit, offset);
      return paged(data, total, request.query);
    });
    route(app, opsApplyApi.approve, async (request) =>
      applications.review(request.params.id, 'approve', '', operatorActor(request)),
    );
    route(app, opsApplyApi.reject, async (request) =>
      applications.review(request.params.id, 'reject', request.body.reason, operatorActor(request)),
    );
  };
}
