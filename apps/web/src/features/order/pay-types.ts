/**
 * Which pay types an order may use: 支付宝 always; 钱包 only when the wallet covers the whole price with the
 * tax withheld on it (points bought with wallet money are remuneration paid in kind, ADR 0013); 组合 (wallet plus
 * scan) only when the wallet holds something but less than that.
 */
import { PayType, fenToYuan, yuanToFen } from '@cc/contracts';

export type PayTypeValue = (typeof PayType)[keyof typeof PayType];

export interface PayTypeAvailability {
  wallet: boolean;
  combo: boolean;
}

/**
 * `walletPayTotalYuan` is what paying the whole order from the wallet takes, tax included (the order's
 * `wallet_pay_total`). Yuan strings compare as integer fen, so '0.1' + '0.2' style float noise cannot flip a decision.
 */
export function payTypeAvailability(walletPayTotalYuan: string, walletYuan: string): PayTypeAvailability {
  const needed = yuanToFen(walletPayTotalYuan);
  const wallet = yuanToFen(walletYuan);
  return { wallet: wallet >= needed, combo: wallet > 0 && wallet < needed };
}

/**
 * What the wallet can put towards this order: the free balance plus what the order already holds (combo: its share
 * of the price and the tax on it).
 */
export function walletAvailableYuan(canOut: string, order: { pay_type: number; wallet_total: string }): string {
  const held = order.pay_type === PayType.Combo ? yuanToFen(order.wallet_total) : 0;
  return fenToYuan(yuanToFen(canOut) + held);
}
