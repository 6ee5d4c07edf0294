/** The fixed sample packages the gift page sells (spec §3): ids 1, 7 (most bought) and 3, as the server seeds them. */
import { text } from '../../locales/zh-CN';
import type { BuyablePackage } from '../../lib/order/use-buy-package';

export interface SamplePackage extends BuyablePackage {
  highlighted: boolean;
}

const NO_DISCOUNT = { discount: 100, discount_price: null } as const;

export const samplePackages: readonly SamplePackage[] = [
  { id: 1, name: text.gift.packageNames.starter, price: '10.00', credit: 100, gift_credit: 0, highlighted: false },
  { id: 7, name: text.gift.packageNames.advanced, price: '30.00', credit: 300, gift_credit: 150, highlighted: true },
  { id: 3, name: text.gift.packageNames.plus, price: '50.00', credit: 500, gift_credit: 200, highlighted: false },
].map((pack) => ({ ...pack, ...NO_DISCOUNT }));
