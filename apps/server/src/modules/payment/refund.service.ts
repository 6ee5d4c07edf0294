/**
 * Over-payments: money that reached us through a trade the order no longer wanted (the order was already paid,
 * cancelled or timed out, or the QR was replaced) goes back to the buyer through `alipay.trade.refund`. Each paid
 * trade is refunded at most once (one row per trade, an idempotent `out_request_no`); a failed call is retried by
 * the sweep and, after MAX_ATTEMPTS, left `failed` for an operator.
 */
import { RefundStatus, TradeStatus, fenToYuan } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { AlipayRefusal, type AlipayClient } from '../../providers/payment/alipay-client.js';
import type { NewRefund, RefundRepository } from './refund.repository.js';

type Trx = Transaction<Database>;
export const REFUND_MAX_ATTEMPTS = 8;

export class RefundService {
  constructor(
    private readonly refunds: RefundRepository,
    private readonly alipay: AlipayClient,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records an over-payment in the caller's transaction; returns the refund id when it is new. */
  recordOverpayment(trx: Trx, refund: NewRefund): Promise<number | null> {
    this.log.warn(
      {
        orderId: refund.order_id,
        outTradeNo: refund.out_trade_no,
        amountFen: refund.amount_fen,
        reason: refund.reason,
      },
      'over-payment recorded: refunding it',
    );
    return this.refunds.insertOnce(trx, refund, this.clock.now());
  }

  /** Alipay refunded a paid trade itself when we cancelled it: record that the money is back. */
  async recordRefundedByCancel(trx: Trx, refund: NewRefund): Promise<void> {
    const existing = await this.refunds.byTrade(trx, refund.trade_id);
    if (existing) {
      await this.refunds.markRefunded(existing.id, 'cancel', this.clock.now(), trx);
      return;
    }
    this.log.warn({ outTradeNo: refund.out_trade_no }, 'a cancelled trade had been paid: Alipay refunded it');
    await this.refunds.insertOnce(trx, refund, this.clock.now(), { method: 'cancel' });
  }

  /** Tries one pending refund now. Never throws: failures are recorded for the next sweep. */
  async process(id: number): Promise<void> {
    const refund = await this.refunds.byId(id);
    if (!refund || refund.status !== RefundStatus.Pending) return;
    if (!(await this.refunds.startAttempt(id))) return;
    const now = () => this.clock.now();
    try {
      await this.alipay.refund(refund.out_trade_no, fenToYuan(refund.amount_fen), refund.out_request_no, refund.reason);
      await this.refunds.markRefunded(id, 'refund', now());
      this.log.info({ refundId: id, outTradeNo: refund.out_trade_no }, 'over-payment refunded');
    } catch (error) {
      // A cancel that raced us may already have refunded the trade: a paid trade that is now closed was refunded.
      if (error instanceof AlipayRefusal && error.subCode === 'ACQ.TRADE_STATUS_ERROR') {
        const remote = await this.alipay.query(refund.out_trade_no).catch(() => null);
        if (remote?.tradeStatus === TradeStatus.Closed) {
          await this.refunds.markRefunded(id, 'cancel', now());
          return;
        }
      }
      const attempts = refund.attempts + 1;
      const status = attempts >= REFUND_MAX_ATTEMPTS ? RefundStatus.Failed : RefundStatus.Pending;
      this.log.error({ err: error, refundId: id, attempts }, 'refund failed');
      await this.refunds.recordError(id, (error as Error).message, status);
    }
  }

  /** The sweep: every pending refund, oldest first, each on its own. */
  async processDue(limit = 50): Promise<number> {
    const due = await this.refunds.pending(limit);
    for (const { id } of due) await this.process(id);
    return due.length;
  }

  /** Operator: a failed refund is tried again now. */
  async retry(id: number): Promise<void> {
    const refund = await this.refunds.byId(id);
    if (!refund) throw appError('refundNotFound');
    if (!(await this.refunds.reopen(id))) throw appError('refundNotRetryable');
    await this.process(id);
  }

  list(status: RefundStatus | undefined, limit: number, offset: number) {
    return this.refunds.list(status, limit, offset);
  }
}
