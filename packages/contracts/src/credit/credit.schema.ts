/** Points shapes: totals, records, packages with the promotion's countdown, the free claim. */
import { z } from 'zod';
import { POINTS_PAGE_SIZE } from '../constants.js';
import { CreditRecordType } from '../enums.js';
import { pageQuerySchema } from '../envelope.js';

export const creditTotalSchema = z.object({
  total: z.number().int(),
  buy: z.number().int(),
  gift: z.number().int(),
});
export type CreditTotal = z.infer<typeof creditTotalSchema>;

export const creditDetailQuerySchema = pageQuerySchema.extend({
  page_size: pageQuerySchema.shape.page_size.default(POINTS_PAGE_SIZE),
  type: z.coerce
    .number({ error: '记录类型不正确' })
    .pipe(z.literal(Object.values(CreditRecordType), { error: '记录类型不正确' }))
    .optional(),
});

export const creditRecordSchema = z.object({
  id: z.number().int(),
  /** 1 cost, 2 purchase, 3 gift (CreditRecordType). */
  type: z.number().int(),
  title: z.string(),
  /** Signed: positive when points arrive, negative when spent or expired. */
  credit: z.number().int(),
  created_at: z.string(),
});
export type CreditRecord = z.infer<typeof creditRecordSchema>;

export const creditPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.number().int(),
  status: z.number().int(),
  /** Yuan with two decimals. */
  price: z.string(),
  /** Percent; 100 means no discount. */
  discount: z.number().int(),
  /** Yuan with two decimals, or null when there is no discount price. */
  discount_price: z.string().nullable(),
  credit: z.number().int(),
  gift_credit: z.number().int(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CreditPackage = z.infer<typeof creditPackageSchema>;

/** Package types: 1 is on sale to everyone; 2 is the retention offer, sold only to a creator it was issued to. */
export const PackageType = { Purchasable: 1, Retention: 2 } as const;
export type PackageType = (typeof PackageType)[keyof typeof PackageType];

/**
 * `POST /agent/v1/credit/retention/claim`: the creator's retention offer with its 59:59 deadline, issued once at the
 * first claim and the same on every later one. `offer` is null when none is running or the creator's ran out;
 * `server_time` lets the browser count down from the server's clock rather than its own.
 */
export const retentionClaimSchema = z.object({
  offer: creditPackageSchema.nullable(),
  ends_at: z.string().nullable(),
  server_time: z.string(),
});
export type RetentionClaim = z.infer<typeof retentionClaimSchema>;

export const countdownSchema = z.object({
  /** Seconds left of the current promotion; 0 when none is running. */
  gear_position: z.number().int(),
});
export type Countdown = z.infer<typeof countdownSchema>;

/** The 'N折' label of a package whose discount is not 100 (e.g. 80 → '8折', 85 → '8.5折'). */
export function discountLabel(discount: number): string | null {
  if (discount >= 100 || discount <= 0) return null;
  return `${Number((discount / 10).toFixed(1))}折`;
}

export const FreePointsStatus = { Claimable: 0, Claimed: 100 } as const;

/** `GET /activity/agent/receive/point`: whether the free 100 points can still be claimed. */
export const freePointsStatusSchema = z.object({
  /** 0 claim now, 100 already claimed (the free points are given once per creator). */
  status: z.number().int(),
  points: z.number().int(),
});

/** `POST /activity/receive/fixed/point`: the claim. */
export const freePointsClaimSchema = z.object({
  status: z.number().int(),
  points: z.number().int(),
  total: z.number().int(),
});

/** `credit/list`: the packages on sale, in their display order. */
export const creditPackageListSchema = z.array(creditPackageSchema);

/** `credit/retention`: the retention package on offer, if any (the offer itself is issued by `retention/claim`). */
export const retentionOfferSchema = z.object({ offer: creditPackageSchema.nullable() });
