/**
 * Points packages as the shop sells them: the purchasable list, the running promotion, and the retention offer —
 * issued to a creator once, with its 59:59 deadline kept here so that only the server decides who may buy it at
 * the discount and until when. Orders price a package through `priceFor`. And the shop's catalogue writes, each item
 * by its key (a package by its id, a promotion by its title): a write adds the item unless one with its key is
 * there and leaves that one as it is, so importing the same items again (the demo seed does on every start) changes
 * nothing and never undoes an operator's edit.
 */
import { PackageType, RETENTION_OFFER_SECONDS } from '@cc/contracts';
import type { Clock } from '../../clock.js';
import type { CreditPackageTable, CreditPromotionTable } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { PackageRepository, PackageRow } from './package.repository.js';

export interface PricedPackage {
  package: PackageRow;
  /** What the creator pays: the discount price when there is one. */
  priceFen: number;
}

export interface RetentionClaim {
  /** The creator's offer, or null when none is running or theirs has run out. */
  offer: { package: PackageRow; endsAt: number } | null;
  /** The server's time of the answer, for the browser's countdown. */
  now: number;
}

/**
 * A points package; its id is its key (the gift page's fixed samples are packages 1, 7 and 3, so ids are
 * chosen, not drawn).
 */
export type CataloguePackage = Omit<CreditPackageTable, 'id' | 'created_at' | 'updated_at'> & { id: number };
/** A points promotion, whose countdown the shop shows while it runs; its title is its key. */
export type CataloguePromotion = Omit<CreditPromotionTable, 'id'>;

export class PackageService {
  constructor(
    private readonly packages: PackageRepository,
    private readonly clock: Clock,
  ) {}

  /** Adds the package under its id unless that id is taken. */
  ensurePackage(pkg: CataloguePackage): Promise<void> {
    const now = this.clock.now();
    return this.packages.ensurePackage({ ...pkg, created_at: now, updated_at: now });
  }

  /** Adds the promotion unless one of its title exists. */
  ensurePromotion(promotion: CataloguePromotion): Promise<void> {
    return this.packages.ensurePromotion(promotion);
  }

  purchasable(): Promise<PackageRow[]> {
    return this.packages.purchasable(this.clock.now());
  }

  /** The retention package on sale now, whoever asks (it can only be bought once claimed). */
  async retentionPackage(): Promise<PackageRow | null> {
    return (await this.packages.retentionPackage(this.clock.now())) ?? null;
  }

  /**
   * Issues the running retention package to the creator with a deadline 59:59 from now, or returns the offer
   * already issued: an offer is issued once per creator and package and never renewed, so reopening the shop does
   * not restart the countdown, and once it has run out that package is not offered to them again.
   */
  async claimRetentionOffer(agentId: number): Promise<RetentionClaim> {
    const now = this.clock.now();
    const pkg = await this.packages.retentionPackage(now);
    if (!pkg) return { offer: null, now };
    await this.packages.issueRetentionOffer(agentId, pkg.id, now, now + RETENTION_OFFER_SECONDS * 1000);
    const issued = (await this.packages.retentionOfferOf(agentId, pkg.id))!;
    return { offer: issued.expires_at > now ? { package: pkg, endsAt: issued.expires_at } : null, now };
  }

  /** Seconds left of the running promotion; 0 when none is running. */
  async promotionSecondsLeft(): Promise<number> {
    const now = this.clock.now();
    const promotion = await this.packages.runningPromotion(now);
    return promotion ? Math.ceil((promotion.end_at - now) / 1000) : 0;
  }

  /** The package a creator may order now and its price; a retention package only within their offer's window. */
  async priceFor(agentId: number, packageId: number): Promise<PricedPackage> {
    const now = this.clock.now();
    const pkg = await this.packages.onSaleById(packageId, now);
    if (!pkg) throw appError('packageUnavailable');
    if (pkg.type === PackageType.Retention) {
      const offer = await this.packages.retentionOfferOf(agentId, pkg.id);
      if (!offer) throw appError('retentionOfferMissing');
      if (offer.expires_at <= now) throw appError('retentionOfferExpired');
    }
    return { package: pkg, priceFen: pkg.discount_price_fen ?? pkg.price_fen };
  }
}
