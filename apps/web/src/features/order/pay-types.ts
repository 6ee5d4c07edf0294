/**
 * Which pay types an order may use (spec §5): 支付宝 always; 钱包 only when the wallet covers the whole price; 组合
 * (wallet plus scan) only when the wallet holds something but less than the price.
 */
import { PayType, fenToYuan, yuanToFen } from '@cc/contracts';

export type PayTypeValue = (typeof PayType)[keyof typeof PayType];

export interface PayTypeAvailability {
  wallet: boolean;
  combo: boolean;
}

/** Yuan strings compare as integer fen, so '0.1' + '0.2' style float noise cannot flip a decision. */
export function payTypeAvailability(priceYuan: string, walletYuan: string): PayTypeAvailability {
  const price = yuanToFen(priceYuan);
  const wallet = yuanToFen(walletYuan);
  return { wallet: wallet >= price, combo: wallet > 0 && wallet < price };
}

/** What the wallet can put towards this order: the free balance plus what the order already holds (combo). */
export function walletAvailableYuan(canOut: string, order: { pay_type: number; wallet_amount: string }): string {
  const held = order.pay_type === PayType.Combo ? yuanToFen(order.wallet_amount) : 0;
  return fenToYuan(yuanToFen(canOut) + held);
}
