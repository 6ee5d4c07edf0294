/**
 * The order side of a payment, which payment's Alipay trades reach through their `TradeOrders` port: the order's
 * lock (every change of an order and of its trades happens under it, after re-reading the order), and what a paid
 * trade does to the order. It needs nothing of payment, so payment's trade service is built with it and the order
 * service with both: no import, and no construction, goes from payment back to order.
 */
import { CreditRecordType, OrderStatus, PayType } from '@cc/contracts';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import type { Database } from '../../db/schema.js';
import type { CreditService } from '../credit/credit.service.js';
import type { PaymentOutcome, TradeOrders } from '../payment/alipay-trade.service.js';
import type { TaxWithholding } from '../withdrawal/tax-withholding.js';
import type { WalletService } from '../withdrawal/wallet.service.js';
import type { OrderRepository, OrderRow } from './order.repository.js';

type Trx = Transaction<Database>;

/** The part of the price a combo's hold pays (the rest of the hold is the tax withheld on that part). */
export const walletShareFen = (order: OrderRow) => order.wallet_hold_fen - order.wallet_tax_fen;

export interface OrderCompletionDeps {
  database: DatabaseHandle;
  orders: OrderRepository;
  credits: CreditService;
  wallet: WalletService;
  taxes: TaxWithholding;
  clock: Clock;
}

export class OrderCompletion implements TradeOrders {
  constructor(private readonly deps: OrderCompletionDeps) {}

  async inOrderTransaction<T>(orderId: number, work: (trx: Trx, order: OrderRow) => Promise<T>): Promise<T> {
    return this.deps.database.db.transaction().execute(async (trx) => {
      await lockKey(trx, this.deps.database.kind, `order:${orderId}`);
      const order = (await this.deps.orders.byId(orderId, trx))!;
      return work(trx, order);
    });
  }

  /**
   * A trade of the order was paid. If it is the order's payable trade and the order still waits for exactly that
   * amount, the order is paid — the wallet part of a combo from the order's own hold, the one source of truth, with
   * the tax on it fixed now (the payment is the tax point) — and the points granted, in the caller's transaction.
   * Any other payment (the order already paid, cancelled or timed out, or a QR that was replaced) is not kept.
   */
  async onPaid(trx: Trx, orderId: number, payment: { amountFen: number; ended: boolean }): Promise<PaymentOutcome> {
    const order = (await this.deps.orders.byId(orderId, trx))!;
    const walletPart = order.pay_type === PayType.Combo ? walletShareFen(order) : 0;
    const payable =
      !payment.ended &&
      order.status === OrderStatus.Pending &&
      order.pay_type !== PayType.Wallet &&
      payment.amountFen + walletPart === order.price_fen;
    if (!payable) return { kept: false, refundReason: overpaymentReason(order.status, payment.ended) };
    if (walletPart > 0) {
      await this.deps.wallet.lock(trx, order.agent_id);
      const tax = await this.deps.taxes.quote(trx, order.agent_id, walletPart);
      await this.deps.wallet.payOrder(trx, order.agent_id, order.order_no, walletPart, order.wallet_hold_fen, tax);
    }
    await this.deps.orders.update(trx, order.id, { wallet_hold_fen: 0, wallet_tax_fen: 0 });
    await this.markPaid(trx, order);
    return { kept: true };
  }

  /** The order is paid (in the caller's transaction): its points and gift points granted, once per order. */
  async markPaid(trx: Trx, order: OrderRow): Promise<void> {
    await this.deps.orders.update(trx, order.id, { status: OrderStatus.Paid, paid_at: this.deps.clock.now() });
    await this.deps.credits.grant(
      order.agent_id,
      {
        kind: CreditRecordType.Purchase,
        amount: order.credit,
        title: `购买积分：${order.subject.replace(/^.*-/, '')}`,
        key: `order:${order.order_no}`,
      },
      trx,
    );
    if (order.gift_credit > 0) {
      await this.deps.credits.grant(
        order.agent_id,
        {
          kind: CreditRecordType.Gift,
          amount: order.gift_credit,
          title: '购买赠送积分',
          key: `order:${order.order_no}:gift`,
        },
        trx,
      );
    }
  }
}

function overpaymentReason(orderStatus: number, tradeEnded: boolean): string {
  if (orderStatus === OrderStatus.Paid) return '订单已支付，重复付款原路退回';
  if (orderStatus === OrderStatus.Cancelled) return '订单已取消，付款原路退回';
  if (orderStatus === OrderStatus.TimedOut) return '订单已超时，付款原路退回';
  if (tradeEnded) return '二维码已作废，付款原路退回';
  return '付款金额与订单不符，原路退回';
}
