/** Creator onboarding for the agent (`/agent/v1/apply/*`) and its review for operators (`/ops/v1/applications`). */
import {
  ApplicationStatus,
  applicationSchema,
  applySubmitSchema,
  applyStatusSchema,
  pageQuerySchema,
  pagedSchema,
  reviewRejectSchema,
} from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityOf } from '../../plugins/auth.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import { operatorGuard } from '../../plugins/operator.js';
import { offsetOf, paged } from '../paging.js';
import type { ApplyService } from './apply.service.js';

const idParams = z.object({
  id: z.coerce.number({ error: '申请编号不正确' }).int('申请编号不正确').positive('申请编号不正确'),
});

export function applyRoutes(applications: ApplyService, operatorToken: string | null): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/agent/v1/apply/submit',
      { onRequest: app.authenticate, schema: { body: applySubmitSchema, response: okSchema(applicationSchema) } },
      async (request) =>
        ok(await applications.submit(identityOf(request).agentId, request.body), '提交成功，请等待审核'),
    );

    app.get(
      '/agent/v1/apply/status',
      { onRequest: app.authenticate, schema: { response: okSchema(applyStatusSchema) } },
      async (request) => ok({ application: await applications.status(identityOf(request).agentId) }),
    );

    app.post(
      '/agent/v1/apply/ack',
      { onRequest: app.authenticate, schema: { response: okSchema(z.null()) } },
      async (request) => {
        await applications.acknowledgeApproval(identityOf(request).agentId);
        return ok(null);
      },
    );

    const operator = operatorGuard(operatorToken);

    app.get(
      '/ops/v1/applications',
      {
        onRequest: operator,
        schema: {
          querystring: pageQuerySchema.extend({
            status: z.coerce
              .number()
              .pipe(z.literal(Object.values(ApplicationStatus)))
              .meta({ label: '审核状态' })
              .optional(),
          }),
          response: okSchema(pagedSchema(applicationSchema)),
        },
      },
      async (request) => {
        const { limit, offset } = offsetOf(request.query);
        const { data, total } = await applications.page(request.query.status, limit, offset);
        return ok(paged(data, total, request.query));
      },
    );

    app.post(
      '/ops/v1/applications/:id/approve',
      { onRequest: operator, schema: { params: idParams, response: okSchema(applicationSchema) } },
      async (request) => ok(await applications.review(request.params.id, 'approve', '', 'operator'), '已通过'),
    );

    app.post(
      '/ops/v1/applications/:id/reject',
      {
        onRequest: operator,
        schema: { params: idParams, body: reviewRejectSchema, response: okSchema(applicationSchema) },
      },
      async (request) =>
        ok(await applications.review(request.params.id, 'reject', request.body.reason, 'operator'), '已驳回'),
    );
  };
}
