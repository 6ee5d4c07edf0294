/** How a points package's price reads: what is paid, the struck-through original, the 'N折' label. */
import { discountLabel, yuanToFen, type CreditPackage } from '@cc/contracts';
import { formatYuan } from '../format';

export interface PackagePrice {
  /** What the creator pays: the discount price when there is one. */
  pay: string;
  /** The original price, struck through beside a lower discount price; null when there is nothing to strike. */
  original: string | null;
  /** '8折' when the discount is not 100; null otherwise. */
  discount: string | null;
}

export type PricedPackage = Pick<CreditPackage, 'price' | 'discount' | 'discount_price'>;

export function packagePrice(pack: PricedPackage): PackagePrice {
  const discountPrice = pack.discount_price;
  const discounted = discountPrice !== null && yuanToFen(discountPrice) < yuanToFen(pack.price);
  return {
    pay: formatYuan(discounted ? discountPrice : pack.price),
    original: discounted ? formatYuan(pack.price) : null,
    discount: discountLabel(pack.discount),
  };
}

/** The amount actually charged, as the server computes it: the discount price if there is one, else the price. */
export function payableYuan(pack: PricedPackage): string {
  return pack.discount_price ?? pack.price;
}
