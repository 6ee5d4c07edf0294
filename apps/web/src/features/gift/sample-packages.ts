/** The fixed sample packages the gift page shows (spec §3), until the package list call backs it. */

export interface SamplePackage {
  id: number;
  /** Yuan. */
  price: number;
  credit: number;
  giftCredit: number;
  highlighted: boolean;
}

export const samplePackages: readonly SamplePackage[] = [
  { id: 1, price: 10, credit: 100, giftCredit: 0, highlighted: false },
  { id: 7, price: 30, credit: 300, giftCredit: 150, highlighted: true },
  { id: 3, price: 50, credit: 500, giftCredit: 200, highlighted: false },
];
