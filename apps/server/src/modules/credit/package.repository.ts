/** SQL for points packages and the running promotion (its countdown). */
import type { Db } from '../../db/database.js';

export class PackageRepository {
  constructor(private readonly db: Db) {}

  /** Purchasable packages (type 1, on) whose sale window contains `now`. */
  purchasable(now: number) {
    return this.db
      .selectFrom('credit_packages')
      .selectAll()
      .where('type', '=', 1)
      .where('status', '=', 1)
      .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
      .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
      .orderBy('sort')
      .orderBy('price_fen')
      .execute();
  }

  /** The retention offer (type 2): shown when the purchase list is closed with a package selected. */
  retentionOffer(now: number) {
    return this.db
      .selectFrom('credit_packages')
      .selectAll()
      .where('type', '=', 2)
      .where('status', '=', 1)
      .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', now)]))
      .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
      .orderBy('sort')
      .limit(1)
      .executeTakeFirst();
  }

  byId(id: number) {
    return this.db.selectFrom('credit_packages').selectAll().where('id', '=', id).executeTakeFirst();
  }

  runningPromotion(now: number) {
    return this.db
      .selectFrom('credit_promotions')
      .select(['end_at'])
      .where('status', '=', 1)
      .where('start_at', '<=', now)
      .where('end_at', '>', now)
      .orderBy('end_at')
      .limit(1)
      .executeTakeFirst();
  }
}

export type PackageRow = NonNullable<Awaited<ReturnType<PackageRepository['byId']>>>;
