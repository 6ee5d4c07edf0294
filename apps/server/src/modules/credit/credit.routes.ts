/**
 * Points calls (total, detail, packages, countdown), the retention offer's claim, and the free 100 points
 * of the gift page.
 */
import { FREE_CLAIM_POINTS, FreePointsStatus, creditApi, fenToYuan, type CreditPackage } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
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
    route(app, creditApi.total, async (request) => credits.totals(identityOf(request).agentId));

    route(app, creditApi.detail, async (request) => {
      const { limit, offset } = offsetOf(request.query);
      const { rows, total } = await credits.records(identityOf(request).agentId, request.query.type, limit, offset);
      const data = rows.map((row) => ({ ...row, created_at: isoTime(row.created_at) }));
      return paged(data, total, request.query);
    });

    route(app, creditApi.packages, async () => (await packages.purchasable()).map(toCreditPackage));

    route(app, creditApi.retention, async () => {
      const offer = await packages.retentionPackage();
      return { offer: offer ? toCreditPackage(offer) : null };
    });

    route(app, creditApi.claimRetention, async (request) => {
      const { offer, now } = await packages.claimRetentionOffer(identityOf(request).agentId);
      return {
        offer: offer ? toCreditPackage(offer.package) : null,
        ends_at: offer ? isoTime(offer.endsAt) : null,
        server_time: isoTime(now),
      };
    });

    route(app, creditApi.countdown, async () => ({ gear_position: await packages.promotionSecondsLeft() }));

    route(app, creditApi.freePointsStatus, async (request) => {
      const claimed = await credits.freeClaimStatus(identityOf(request).agentId);
      return { status: claimed ? FreePointsStatus.Claimed : FreePointsStatus.Claimable, points: FREE_CLAIM_POINTS };
    });

    route(app, creditApi.claimFreePoints, async (request) => {
      const totals = await credits.claimFreePoints(identityOf(request).agentId);
      return { status: FreePointsStatus.Claimed, points: FREE_CLAIM_POINTS, total: totals.total };
    });
  };
}
