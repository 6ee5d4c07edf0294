/**
 * Points calls of spec §7 (total, detail, packages, countdown), the retention offer's claim, and the free 100 points
 * of the gift page.
 */
import {
  FREE_CLAIM_POINTS,
  FreePointsStatus,
  countdownSchema,
  creditDetailQuerySchema,
  creditPackageSchema,
  creditRecordSchema,
  creditTotalSchema,
  fenToYuan,
  freePointsClaimSchema,
  freePointsStatusSchema,
  pagedSchema,
  retentionClaimSchema,
  type CreditPackage,
} from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { identityOf } from '../../plugins/auth.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import { isoTime, offsetOf, paged } from '../paging.js';
import type { CreditService } from './credit.service.js';
import type { PackageRow } from './package.repository.js';
import type { PackageService } from './package.service.js';

const isoOrNull = (ms: number | null) => (ms === null ? null : isoTime(ms));

export function toCreditPackage(row: PackageRow): CreditPackage {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    price: fenToYuan(row.price_fen),
    discount: row.discount,
    discount_price: row.discount_price_fen === null ? null : fenToYuan(row.discount_price_fen),
    credit: row.credit,
    gift_credit: row.gift_credit,
    start_at: isoOrNull(row.start_at),
    end_at: isoOrNull(row.end_at),
    description: row.description,
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

export function creditRoutes(credits: CreditService, packages: PackageService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/agent/v1/credit/total',
      { onRequest: app.authenticate, schema: { response: okSchema(creditTotalSchema) } },
      async (request) => ok(await credits.totals(identityOf(request).agentId)),
    );

    app.get(
      '/agent/v1/credit/detail',
      {
        onRequest: app.authenticate,
        schema: { querystring: creditDetailQuerySchema, response: okSchema(pagedSchema(creditRecordSchema)) },
      },
      async (request) => {
        const { limit, offset } = offsetOf(request.query);
        const { rows, total } = await credits.records(identityOf(request).agentId, request.query.type, limit, offset);
        const data = rows.map((row) => ({ ...row, created_at: isoTime(row.created_at) }));
        return ok(paged(data, total, request.query));
      },
    );

    app.get('/agent/v1/credit/list', { schema: { response: okSchema(z.array(creditPackageSchema)) } }, async () =>
      ok((await packages.purchasable()).map(toCreditPackage)),
    );

    app.get(
      '/agent/v1/credit/retention',
      { schema: { response: okSchema(z.object({ offer: creditPackageSchema.nullable() })) } },
      async () => {
        const offer = await packages.retentionPackage();
        return ok({ offer: offer ? toCreditPackage(offer) : null });
      },
    );

    app.post(
      '/agent/v1/credit/retention/claim',
      { onRequest: app.authenticate, schema: { response: okSchema(retentionClaimSchema) } },
      async (request) => {
        const { offer, now } = await packages.claimRetentionOffer(identityOf(request).agentId);
        return ok({
          offer: offer ? toCreditPackage(offer.package) : null,
          ends_at: offer ? isoTime(offer.endsAt) : null,
          server_time: isoTime(now),
        });
      },
    );

    app.get('/agent/v1/credit/countdown', { schema: { response: okSchema(countdownSchema) } }, async () =>
      ok({ gear_position: await packages.promotionSecondsLeft() }),
    );

    app.get(
      '/activity/agent/receive/point',
      { onRequest: app.authenticate, schema: { response: okSchema(freePointsStatusSchema) } },
      async (request) => {
        const claimed = await credits.freeClaimStatus(identityOf(request).agentId);
        return ok({
          status: claimed ? FreePointsStatus.Claimed : FreePointsStatus.Claimable,
          points: FREE_CLAIM_POINTS,
        });
      },
    );

    app.post(
      '/activity/receive/fixed/point',
      { onRequest: app.authenticate, schema: { response: okSchema(freePointsClaimSchema) } },
      async (request) => {
        const totals = await credits.claimFreePoints(identityOf(request).agentId);
        return ok(
          { status: FreePointsStatus.Claimed, points: FREE_CLAIM_POINTS, total: totals.total },
          `领取成功，${FREE_CLAIM_POINTS}积分已到账`,
        );
      },
    );
  };
}
