/** SQL for points packages, the running promotion (its countdown) and the retention offers issued to creators. */
import { ListingStatus, PackageType } from '@cc/contracts';
import { PostgresAdapter, sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import { ensureRow } from '../../db/ensure-row.js';
import type { CreditPackageTable, CreditPromotionTable, Database } from '../../db/schema.js';

/** On, and its sale window (either end open) contains `now`. */
function onSaleAt(now: number) {
  return (eb: ExpressionBuilder<Database, 'credit_packages'>) =>
    eb.and([
      eb('status', '=', ListingStatus.On),
      eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]),
      eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]),
    ]);
}

export class PackageRepository {
  constructor(private readonly db: Db) {}

  /** Purchasable packages (type 1) on sale at `now`. */
  purchasable(now: number) {
    return this.db
      .selectFrom('credit_packages')
      .selectAll()
      .where('type', '=', PackageType.Purchasable)
      .where(onSaleAt(now))
      .orderBy('sort')
      .orderBy('price_fen')
      .execute();
  }

  /** The retention package (type 2) on sale at `now`: offered when the purchase list is closed with a package selected. */
  retentionPackage(now: number) {
    return this.db
      .selectFrom('credit_packages')
      .selectAll()
      .where('type', '=', PackageType.Retention)
      .where(onSaleAt(now))
      .orderBy('sort')
      .limit(1)
      .executeTakeFirst();
  }

  /** The package if it is on sale at `now`, of any type. */
  onSaleById(id: number, now: number) {
    return this.db
      .selectFrom('credit_packages')
      .selectAll()
      .where('id', '=', id)
      .where(onSaleAt(now))
      .executeTakeFirst();
  }

  runningPromotion(now: number) {
    return this.db
      .selectFrom('credit_promotions')
      .select(['end_at'])
      .where('status', '=', ListingStatus.On)
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      .orderBy('end_at')
      .limit(1)
      .executeTakeFirst();
  }

  /** Inserts the package under its id unless that id is taken. */
  async ensurePackage(pkg: Insertable<CreditPackageTable> & { id: number }): Promise<void> {
    const inserted = await this.db
      .insertInto('credit_packages')
      .values(pkg)
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    // An id given by hand does not move PostgreSQL's identity: move it past, so that later inserts do not collide.
    if (inserted && this.db.getExecutor().adapter instanceof PostgresAdapter) {
      await sql`select setval(pg_get_serial_sequence('credit_packages', 'id'), (select max(id) from credit_packages))`.execute(
        this.db,
      );
    }
  }

  async ensurePromotion(promotion: Insertable<CreditPromotionTable>): Promise<void> {
    await ensureRow(
      () =>
        this.db.selectFrom('credit_promotions').select('id').where('title', '=', promotion.title).executeTakeFirst(),
      () =>
        this.db
          .insertInto('credit_promotions')
          .values(promotion)
          .onConflict((oc) => oc.column('title').doNothing())
          .execute(),
    );
  }

  /** Issues the offer unless one exists for this creator and package; a concurrent issue loses quietly. */
  async issueRetentionOffer(agentId: number, packageId: number, issuedAt: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('retention_offers')
      .values({ agent_id: agentId, package_id: packageId, issued_at: issuedAt, expires_at: expiresAt })
      .onConflict((oc) => oc.columns(['agent_id', 'package_id']).doNothing())
      .execute();
  }

  retentionOfferOf(agentId: number, packageId: number) {
    return this.db
      .selectFrom('retention_offers')
      .selectAll()
      .where('agent_id', '=', agentId)
      .where('package_id', '=', packageId)
      .executeTakeFirst();
  }
}

export type PackageRow = NonNullable<Awaited<ReturnType<PackageRepository['onSaleById']>>>;
export type RetentionOfferRow = NonNullable<Awaited<ReturnType<PackageRepository['retentionOfferOf']>>>;
