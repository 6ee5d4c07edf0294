/**
 * The Alipay trades that pay orders: an order's one payable trade (a QR precreated at Alipay, or a link to the
 * mobile-browser cashier), Alipay's asynchronous notification (signature, app id, our trade and its exact amount
 * checked), queries for notifications that were lost, and the cancel at Alipay of every trade an order ended
 * (retried by the sweep). A paid trade is offered to its order through the `TradeOrders` port the order module gives
 * at construction, so payment imports nothing of order; a payment the order does not take is refunded. Network calls
 * to Alipay happen outside database transactions; every change of a trade happens inside one, under its order's
 * lock, after re-reading it, so notifications, queries, retries and timeouts settle it once.
 */
import { QR_VALID_SECONDS, PayChannel, TradeState, TradeStatus, fenToYuan } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { AlipayClient } from '../../providers/payment/alipay-client.js';
import type { AlipayTradeRepository, TradeRow } from './alipay-trade.repository.js';
import type { RefundService } from './refund.service.js';

type Trx = Transaction<Database>;

/** An Alipay trade of an order, as its order reads it. */
export type AlipayTrade = TradeRow;

/** What an order did with a payment it was offered: kept it, or not (and why the money goes back). */
export type PaymentOutcome = { kept: true } | { kept: false; refundReason: string };

/** The orders trades pay for, as the order module gives them to payment. */
export interface TradeOrders {
  /** Runs `work` in one transaction under the order's lock, which every change of an order and its trades takes. */
  inOrderTransaction<T>(orderId: number, work: (trx: Trx) => Promise<T>): Promise<T>;
  /**
   * A trade of the order was paid at Alipay (in `trx`, under the order's lock). `ended`: the order had ended that
   * trade (a replaced or voided QR) before it was paid. The order keeps the payment when it waits for exactly it.
   */
  onPaid(trx: Trx, orderId: number, payment: { amountFen: number; ended: boolean }): Promise<PaymentOutcome>;
}

/** The order fields a trade is opened from. */
export interface TradeOrder {
  id: number;
  order_no: string;
  pay_channel: PayChannel;
  expires_at: number;
}

export interface AlipayTradeDeps {
  trades: AlipayTradeRepository;
  refunds: RefundService;
  alipay: AlipayClient;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class AlipayTradeService {
  private tradeOrders: TradeOrders | null = null;

  constructor(private readonly deps: AlipayTradeDeps) {}

  /** The order module is built after payment (it opens trades through this service) and hands its orders in. */
  serveOrders(orders: TradeOrders): void {
    this.tradeOrders = orders;
  }

  private get orders(): TradeOrders {
    if (!this.tradeOrders) throw new Error('no orders were handed to the Alipay trades');
    return this.tradeOrders;
  }

  /** The order's payable trade, if it has one. */
  async payableTrade(orderId: number, executor?: Kysely<Database>): Promise<AlipayTrade | undefined> {
    const [trade] = await this.deps.trades.waitingTrades(orderId, executor);
    return trade;
  }

  /**
   * Opens the order's one payable trade for `amountFen`, in the caller's transaction under the order's lock: any
   * waiting trade is ended first, so two concurrent resets never leave two payable QRs. A QR trade lives 5 minutes;
   * a wap trade as long as the order, and Alipay learns of it when the buyer opens its signed link.
   */
  async openTrade(trx: Trx, order: TradeOrder, amountFen: number): Promise<AlipayTrade> {
    const now = this.deps.clock.now();
    await this.deps.trades.endWaitingTrades(trx, order.id);
    return this.deps.trades.insertTrade(trx, order, {
      amount_fen: amountFen,
      created_at: now,
      expires_at: order.pay_channel === PayChannel.Wap ? order.expires_at : now + QR_VALID_SECONDS * 1000,
    });
  }

  /** Has Alipay precreate the QR of a trade just opened for `order`, outside any transaction. */
  async precreateQr(trade: AlipayTrade, order: { order_no: string; subject: string }): Promise<void> {
    try {
      const qrCode = await this.deps.alipay.precreate(
        trade.out_trade_no,
        fenToYuan(trade.amount_fen),
        order.subject,
        QR_VALID_SECONDS / 60,
      );
      await this.deps.trades.setQrCode(trade.id, qrCode);
    } catch (error) {
      // A concurrent reset replaced this trade and had Alipay cancel it before its QR was made: the newer trade is
      // the payable one, and Alipay rightly refuses to precreate a cancelled one.
      const current = await this.deps.trades.tradeByOutTradeNo(trade.out_trade_no);
      if (current?.status !== TradeState.Waiting) return;
      this.deps.log.error({ err: error, orderNo: order.order_no }, 'alipay precreate failed');
      // Nobody can have seen this QR, but the sweep cancels it at Alipay all the same.
      await this.deps.trades.moveTrade(trade.id, [TradeState.Waiting], TradeState.Cancelling);
      throw appError('paymentUnavailable');
    }
  }

  /**
   * The wap cashier's address for a payable trade. Alipay closes the trade when it expires (time_expire, the order's
   * end), so a link opened late cannot pay an order we timed out; the buyer returns (or quits) to `returnUrl`.
   */
  wapPayUrl(trade: AlipayTrade, subject: string, returnUrl: string): string {
    return this.deps.alipay.wapPayUrl({
      outTradeNo: trade.out_trade_no,
      amountYuan: fenToYuan(trade.amount_fen),
      subject,
      expiresAt: trade.expires_at,
      returnUrl,
      quitUrl: returnUrl,
    });
  }

  /** Ends the order's payable trade in the caller's transaction: `cancelling` until Alipay confirms the cancel. */
  endPayableTrade(trx: Trx, orderId: number): Promise<void> {
    return this.deps.trades.endWaitingTrades(trx, orderId);
  }

  /** Asks Alipay about the order's payable trade (notifications can be lost); a paid one is offered to the order. */
  async syncPayableTrade(orderId: number): Promise<void> {
    for (const trade of await this.deps.trades.waitingTrades(orderId)) {
      const remote = await this.deps.alipay.query(trade.out_trade_no).catch((error: unknown) => {
        this.deps.log.warn({ err: error, outTradeNo: trade.out_trade_no }, 'alipay query failed');
        return null;
      });
      if (remote && (remote.tradeStatus === TradeStatus.Success || remote.tradeStatus === TradeStatus.Finished)) {
        await this.complete(trade, remote.tradeNo);
      }
    }
  }

  /**
   * Cancels at Alipay every trade of the order that it ended. A failure leaves the trade `cancelling` for the
   * sweep; it is never payable for the order again either way (a payment through it is refunded).
   */
  async cancelEndedTrades(orderId: number): Promise<void> {
    for (const trade of await this.deps.trades.tradesIn(orderId, TradeState.Cancelling)) await this.cancelTrade(trade);
  }

  /** The cancel sweep: trades ended whose cancel at Alipay failed or was never confirmed. */
  async cancelDueTrades(limit = 100): Promise<number> {
    const due = await this.deps.trades.cancellingTrades(limit);
    for (const trade of due) {
      try {
        await this.cancelTrade(trade);
      } catch (error) {
        this.deps.log.error({ err: error, outTradeNo: trade.out_trade_no }, 'trade cancel sweep failed');
      }
    }
    return due.length;
  }

  private async cancelTrade(trade: TradeRow): Promise<void> {
    let action: 'close' | 'refund' | 'none';
    try {
      ({ action } = await this.deps.alipay.cancel(trade.out_trade_no));
    } catch (error) {
      this.deps.log.warn({ err: error, outTradeNo: trade.out_trade_no }, 'alipay cancel failed: the sweep retries');
      return;
    }
    await this.orders.inOrderTransaction(trade.order_id, async (trx) => {
      await this.deps.trades.moveTrade(trade.id, [TradeState.Cancelling], TradeState.Closed, {}, trx);
      if (action === 'refund') {
        const fresh = (await this.deps.trades.tradeByOutTradeNo(trade.out_trade_no, trx))!;
        await this.deps.refunds.recordRefundedByCancel(trx, {
          order_id: trade.order_id,
          trade_id: trade.id,
          out_trade_no: trade.out_trade_no,
          trade_no: fresh.trade_no ?? '',
          amount_fen: trade.amount_fen,
          reason: '二维码已作废，支付宝撤销交易时原路退回',
        });
      }
    });
  }

  /**
   * A trade was paid at Alipay (notification or query). Once per trade, in one transaction under the order's lock:
   * the trade is marked paid and offered to its order; a payment the order does not keep (it was already paid,
   * cancelled or timed out, the QR was replaced, the amount differs) is an over-payment: recorded and refunded.
   */
  private async complete(trade: TradeRow, tradeNo: string): Promise<void> {
    const refundId = await this.orders.inOrderTransaction(trade.order_id, async (trx) => {
      const fresh = (await this.deps.trades.tradeByOutTradeNo(trade.out_trade_no, trx))!;
      if (fresh.status === TradeState.Paid) return null;
      const paid = { trade_no: tradeNo, paid_at: this.deps.clock.now() };
      await this.deps.trades.moveTrade(fresh.id, [fresh.status], TradeState.Paid, paid, trx);
      const outcome = await this.orders.onPaid(trx, fresh.order_id, {
        amountFen: fresh.amount_fen,
        ended: fresh.status !== TradeState.Waiting,
      });
      if (outcome.kept) return null;
      return this.deps.refunds.recordOverpayment(trx, {
        order_id: fresh.order_id,
        trade_id: fresh.id,
        out_trade_no: fresh.out_trade_no,
        trade_no: tradeNo,
        amount_fen: fresh.amount_fen,
        reason: outcome.refundReason,
      });
    });
    if (refundId !== null) await this.deps.refunds.process(refundId);
  }

  /**
   * Alipay's asynchronous notification: validated, verified on its raw values (RSA2 signature, our app id, a trade
   * we opened, its exact amount), idempotent and safe to replay. True when Alipay should stop retrying.
   */
  async handleNotify(body: unknown): Promise<boolean> {
    const parsed = alipayNotificationSchema.safeParse(body);
    if (!parsed.success) {
      this.deps.log.warn({ issues: parsed.error.issues.map((i) => i.path.join('.')) }, 'alipay notify: malformed');
      return false;
    }
    const params = parsed.data;
    if (!this.deps.alipay.verifyNotify(params)) {
      this.deps.log.warn({ outTradeNo: params.out_trade_no }, 'alipay notify: bad signature');
      return false;
    }
    if (params.app_id !== this.deps.alipay.appId) {
      this.deps.log.warn({ appId: params.app_id }, 'alipay notify: wrong app_id');
      return false;
    }
    const trade = await this.deps.trades.tradeByOutTradeNo(params.out_trade_no);
    if (!trade) {
      this.deps.log.warn({ outTradeNo: params.out_trade_no }, 'alipay notify: unknown trade');
      return false;
    }
    if (params.total_amount !== fenToYuan(trade.amount_fen)) {
      this.deps.log.error(
        { outTradeNo: trade.out_trade_no, amount: params.total_amount },
        'alipay notify: amount mismatch',
      );
      return false;
    }
    if (params.trade_status === TradeStatus.Success || params.trade_status === TradeStatus.Finished) {
      await this.complete(trade, params.trade_no ?? '');
    }
    return true;
  }
}

/** Every field of a notification is a string; the ones we act on must be there. Others pass through to the signature. */
const alipayNotificationSchema = z
  .object({
    app_id: z.string().min(1),
    out_trade_no: z.string().min(1).max(64),
    trade_no: z.string().max(64).optional(),
    trade_status: z.string().min(1),
    total_amount: z.string().regex(/^\d+\.\d{2}$/),
    sign: z.string().min(1),
    sign_type: z.literal('RSA2'),
  })
  .catchall(z.string());
