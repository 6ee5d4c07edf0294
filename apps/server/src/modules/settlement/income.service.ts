/**
 * Orders in, shares out (ADR 0012): a reported order is stored once per (app, order_id); an attributed recharge or
 * ad revenue creates the share rows of everyone it pays (creator, leader, inviter), a refund reverses them with
 * negative rows (also a refund stored before its order), orders an app's limits or codes do not let through wait
 * for an operator's decision, and operators grant bonuses. Settlement (`settlement.service.ts`) later moves due
 * shares into wallets.
 */
import {
  HELD_REASON_LABELS,
  OrderType,
  SettStatus,
  ShareType,
  fenToYuan,
  yuanToFen,
  type HeldOrder,
  type HeldReason,
  type OpenOrder,
  type OpenOrderStatus,
  type PageQuery,
} from '@cc/contracts';
import type { Selectable, Transaction } from 'kysely';
import { beijingDayOf, dateOfDay, DAY_MS } from '../../beijing-time.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import type { Database, OpenOrderTable } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { isoTime, offsetOf, paged } from '../paging.js';
import type { PromotionService } from '../promotion/promotion.service.js';
import type { PartnerAppService } from './partner-app.service.js';
import type { NewOpenOrder, NewShare, ShareRepository } from './share.repository.js';

type Trx = Transaction<Database>;
type StoredOrder = Selectable<OpenOrderTable>;
type Receipt = NonNullable<Awaited<ReturnType<PromotionService['receiptOfApp']>>>;
/** The fields that make a report the same order: a replay must repeat them. */
type OrderIdentity = Pick<StoredOrder, 'code' | 'order_type' | 'amount_fen' | 'refund_of'>;
/** What a reversal needs of a refund. */
type RefundRow = Pick<StoredOrder, 'id' | 'order_id' | 'amount_fen' | 'order_at'>;

export interface IncomeRates {
  /** SETTLEMENT_HOLD_SECONDS. */
  holdSeconds: number;
  /** Leader share for a leader whose own team_share_rate_bp is 0 (unset). */
  teamShareRateBp: number;
  /** Invite share of the leader's leader. */
  inviteShareRateBp: number;
}

/** `amountFen × rateBp / 10000`, rounded half up once, on integers only. */
export function shareOf(amountFen: number, rateBp: number): number {
  return Math.floor((amountFen * rateBp + 5000) / 10000);
}

/** The Asia/Shanghai calendar date of an instant, as `YYYY-MM-DD`. */
export function shanghaiDate(ms: number): string {
  return dateOfDay(beijingDayOf(ms));
}

export class IncomeService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly shares: ShareRepository,
    private readonly promotions: Pick<PromotionService, 'receiptOfApp' | 'recordShares'>,
    private readonly partnerApps: Pick<PartnerAppService, 'limitsOf'>,
    private readonly clock: Clock,
    private readonly rates: IncomeRates,
  ) {}

  /**
   * Stores a reported order once and creates or reverses its shares; what became of it. A recharge or ad revenue
   * whose code matches nothing, or that breaks the app's limits (too old, over the cap), waits for an operator.
   */
  async receive(appId: number, order: OpenOrder, source: 'api' | 'csv'): Promise<OpenOrderStatus> {
    const amountFen = yuanToFen(order.amount);
    const orderAt = Date.parse(order.order_at);
    const now = this.clock.now();
    const limits = await this.partnerApps.limitsOf(appId);
    if (orderAt > now + limits.futureSkewSeconds * 1000) throw appError('openOrderAtFuture');
    const refund = order.order_type === OrderType.Refund;
    // Read before the transaction: SQLite runs one transaction at a time on its single connection.
    const receipt = refund ? null : await this.promotions.receiptOfApp(appId, order.code);
    let heldReason: HeldReason | null = null;
    if (!refund && !receipt) heldReason = 'no_code';
    else if (!refund && orderAt < now - limits.maxAgeDays * DAY_MS) heldReason = 'too_old';
    else if (!refund && amountFen > limits.maxAmountFen) heldReason = 'over_cap';
    return this.database.db.transaction().execute(async (trx) => {
      await lockKey(trx, this.database.kind, `open-order:${appId}:${order.refund_of ?? order.order_id}`);
      const base = {
        app_id: appId,
        order_id: order.order_id,
        code: order.code,
        order_type: order.order_type,
        amount_fen: amountFen,
        order_at: orderAt,
        refund_of: order.refund_of ?? null,
        source,
        created_at: now,
      };
      if (refund) return this.receiveRefund(trx, base, order.refund_of!);
      const id = await this.shares.insertOpenOrder(trx, {
        ...base,
        attribution: heldReason === null ? 'attributed' : heldReason === 'no_code' ? 'unattributed' : 'held',
        held_reason: heldReason,
        receipt_id: receipt?.receipt_id ?? null,
        agent_id: receipt?.agent_id ?? null,
      });
      if (id === null) return this.replayed(trx, base);
      if (heldReason === 'no_code') return 'unattributed';
      if (heldReason !== null) return 'held';
      await this.credit(trx, { ...base, id }, receipt!);
      return 'attributed';
    });
  }

  /** The orders waiting for an operator's decision, oldest first. */
  async waitingOrders(query: PageQuery & { app_id?: number | undefined }) {
    const [total, rows] = await Promise.all([
      this.shares.countWaiting(query.app_id),
      this.shares.waitingPage(query.app_id, offsetOf(query)),
    ]);
    const data = rows.map((row): HeldOrder => ({
      id: row.id,
      app_id: row.app_id,
      order_id: row.order_id,
      code: row.code,
      order_type: row.order_type,
      amount: fenToYuan(Number(row.amount_fen)),
      order_at: isoTime(Number(row.order_at)),
      reason: row.held_reason!,
      reason_text: HELD_REASON_LABELS[row.held_reason!],
      agent_id: row.agent_id,
      refunded: fenToYuan(Number(row.refunded_fen)),
      created_at: isoTime(Number(row.created_at)),
    }));
    return paged(data, total, query);
  }

  /**
   * An operator attributes a waiting order to a promotion code of its app (its own code by default): its shares are
   * created as for any order (due `order_at` + the hold, so an old one settles at the next run) and the refunds
   * stored for it are reversed. The decision is kept.
   */
  async attributeWaiting(
    id: number,
    decision: { operator: string; reason: string; code?: string | undefined },
  ): Promise<{ id: number; decision: 'attributed'; agent_id: number }> {
    const order = await this.waitingOrder(id);
    const code = decision.code ?? order.code;
    const receipt = await this.promotions.receiptOfApp(order.app_id, code);
    if (!receipt) throw appError('heldOrderCodeUnknown');
    await this.decide(order, async (trx) => {
      const row = this.decisionRow(order, 'attributed', decision, code, receipt.agent_id);
      const link = { receipt_id: receipt.receipt_id, agent_id: receipt.agent_id };
      if (
        !(await this.shares.insertDecision(trx, row)) ||
        !(await this.shares.attribute(trx, order.id, order.attribution, link))
      ) {
        throw appError('heldOrderDecided');
      }
      await this.credit(trx, order, receipt);
    });
    return { id, decision: 'attributed', agent_id: receipt.agent_id };
  }

  /** An operator refuses a waiting order: it never credits anyone. The decision is kept. */
  async rejectWaiting(
    id: number,
    decision: { operator: string; reason: string },
  ): Promise<{ id: number; decision: 'rejected'; agent_id: null }> {
    const order = await this.waitingOrder(id);
    await this.decide(order, async (trx) => {
      const row = this.decisionRow(order, 'rejected', decision, null, null);
      if (
        !(await this.shares.insertDecision(trx, row)) ||
        !(await this.shares.reject(trx, order.id, order.attribution))
      ) {
        throw appError('heldOrderDecided');
      }
    });
    return { id, decision: 'rejected', agent_id: null };
  }

  /**
   * An operator's bonus (share_type 4), due at once: the next settlement run pays it. Granted once per
   * `requestId`: a repeat answers the first grant, or `idempotencyConflict` when it differs.
   */
  async grantBonus(
    agentId: number,
    amountFen: number,
    reason: string,
    requestId: string,
  ): Promise<{ id: number; expected_sett_date: string }> {
    if (!(await this.shares.agentExists(agentId))) throw appError('bonusAgentNotFound');
    const now = this.clock.now();
    const orderNo = `B:${requestId}`;
    await this.shares.insertBonusOnce({
      order_no: orderNo,
      agent_id: agentId,
      share_type: ShareType.Bonus,
      order_type: OrderType.Recharge,
      order_amount_fen: 0,
      ad_amount_fen: 0,
      share_amount_fen: amountFen,
      reason,
      order_at: now,
      expected_sett_at: now,
      expected_sett_date: shanghaiDate(now),
      created_at: now,
    });
    const granted = await this.shares.bonusByOrderNo(orderNo);
    if (granted.agent_id !== agentId || granted.share_amount_fen !== amountFen || granted.reason !== reason) {
      throw appError('idempotencyConflict');
    }
    return { id: granted.id, expected_sett_date: granted.expected_sett_date ?? shanghaiDate(now) };
  }

  /** A stored order waiting for a decision, or the error that says why it is not. */
  private async waitingOrder(id: number): Promise<StoredOrder> {
    const order = await this.shares.openOrderById(this.database.db, id);
    if (!order || order.held_reason === null) throw appError('heldOrderNotFound');
    if (order.attribution !== 'unattributed' && order.attribution !== 'held') throw appError('heldOrderDecided');
    return order;
  }

  /** Runs a decision under the order's lock (the lock a refund of it takes too), in one transaction. */
  private async decide(order: StoredOrder, write: (trx: Trx) => Promise<void>): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      await lockKey(trx, this.database.kind, `open-order:${order.app_id}:${order.order_id}`);
      await write(trx);
    });
  }

  private decisionRow(
    order: StoredOrder,
    decision: 'attributed' | 'rejected',
    input: { operator: string; reason: string },
    code: string | null,
    agentId: number | null,
  ) {
    return {
      open_order_id: order.id,
      decision,
      code,
      agent_id: agentId,
      operator: input.operator,
      reason: input.reason,
      created_at: this.clock.now(),
    };
  }

  /** A second report of a stored order_id: `duplicate` when it repeats the order, a conflict when it differs. */
  private async replayed(
    trx: Trx,
    report: Pick<NewOpenOrder, 'app_id' | 'order_id'> & OrderIdentity,
  ): Promise<OpenOrderStatus> {
    const stored = (await this.shares.openOrder(trx, report.app_id, report.order_id))!;
    const same =
      stored.code === report.code &&
      stored.order_type === report.order_type &&
      Number(stored.amount_fen) === report.amount_fen &&
      stored.refund_of === report.refund_of;
    if (!same) throw appError('openOrderConflict');
    return 'duplicate';
  }

  /** Writes the shares of an attributed recharge or ad revenue, then reverses the refunds stored for it before. */
  private async credit(
    trx: Trx,
    order: Pick<StoredOrder, 'id' | 'app_id' | 'order_id' | 'order_type' | 'amount_fen' | 'order_at'>,
    receipt: Receipt,
  ): Promise<void> {
    await this.writeShares(trx, await this.sharesOfOrder(trx, order, receipt));
    // Ad revenue is never refunded: a refund naming it stays unattributed, for an operator.
    if (order.order_type !== OrderType.Recharge) return;
    let refundedFen = await this.shares.refundedFen(trx, order.app_id, order.order_id);
    for (const refund of await this.shares.unlinkedRefunds(trx, order.app_id, order.order_id)) {
      // A stored refund larger than what is left stays unattributed, as it would have been refused (40104).
      if (refundedFen + Number(refund.amount_fen) > Number(order.amount_fen)) continue;
      const link = { receipt_id: receipt.receipt_id, agent_id: receipt.agent_id };
      await this.shares.attribute(trx, refund.id, 'unattributed', link);
      await this.reverse(trx, order, refund, refundedFen);
      refundedFen += Number(refund.amount_fen);
    }
  }

  private async sharesOfOrder(
    trx: Trx,
    order: Pick<StoredOrder, 'id' | 'order_id' | 'order_type' | 'amount_fen' | 'order_at'>,
    receipt: Receipt,
  ): Promise<NewShare[]> {
    const amountFen = Number(order.amount_fen);
    const orderAt = Number(order.order_at);
    const ad = order.order_type === OrderType.Ad;
    const dueAt = orderAt + this.rates.holdSeconds * 1000;
    const row = (agentId: number, shareType: ShareType, rateBp: number): NewShare => ({
      order_no: `O${order.id}-${shareType}`,
      order_id: order.order_id,
      open_order_id: order.id,
      agent_id: agentId,
      attract_agent_id: receipt.agent_id,
      receipt_id: receipt.receipt_id,
      task_id: receipt.task_id,
      serial_id: receipt.serial_id,
      app_id: receipt.app_id,
      share_type: shareType,
      order_type: ad ? OrderType.Ad : OrderType.Recharge,
      platform: receipt.platform,
      // Ad revenue is no recharge: it is the ad amount of its row (ADR 0012), shared at the same rates.
      order_amount_fen: ad ? 0 : amountFen,
      ad_amount_fen: ad ? amountFen : 0,
      share_amount_fen: shareOf(amountFen, rateBp),
      rate_bp: rateBp,
      order_at: orderAt,
      expected_sett_at: dueAt,
      expected_sett_date: shanghaiDate(dueAt),
      created_at: this.clock.now(),
    });
    const creator = await this.shares.agentRates(trx, receipt.agent_id);
    const rows = [row(receipt.agent_id, ShareType.Mine, creator?.share_rate_bp || receipt.task_share_rate_bp)];
    const leader = creator?.leader_id ? await this.shares.agentRates(trx, creator.leader_id) : undefined;
    if (leader) {
      rows.push(row(leader.id, ShareType.Leader, leader.team_share_rate_bp || this.rates.teamShareRateBp));
      if (leader.leader_id && leader.leader_id !== receipt.agent_id) {
        rows.push(row(leader.leader_id, ShareType.Invite, this.rates.inviteShareRateBp));
      }
    }
    return rows.filter((r) => r.share_amount_fen !== 0);
  }

  /**
   * A refund of an attributed recharge is stored linked to it and reverses its shares at once; a refund of an order
   * without shares (unknown yet, or waiting for an operator) is stored unattributed and reversed when the order gets
   * its shares.
   */
  private async receiveRefund(
    trx: Trx,
    base: Omit<NewOpenOrder, 'attribution'> & OrderIdentity,
    refundOf: string,
  ): Promise<OpenOrderStatus> {
    const original = await this.shares.openOrder(trx, base.app_id, refundOf);
    const attributed = original?.attribution === 'attributed' && original.order_type === OrderType.Recharge;
    const refundedBefore = attributed ? await this.shares.refundedFen(trx, base.app_id, refundOf) : 0;
    const id = await this.shares.insertOpenOrder(trx, {
      ...base,
      attribution: attributed ? 'attributed' : 'unattributed',
      receipt_id: attributed ? original.receipt_id : null,
      agent_id: attributed ? original.agent_id : null,
    });
    if (id === null) return this.replayed(trx, base);
    if (!attributed) return 'unattributed';
    if (refundedBefore + base.amount_fen > Number(original.amount_fen)) throw appError('openRefundExceeds');
    await this.reverse(trx, original, { ...base, id }, refundedBefore);
    return 'attributed';
  }

  /**
   * A refund takes back the same part of every share of its order, at the rate snapshotted on each row; the refund
   * that completes the order takes back exactly what is left, so rounding never leaves a fen behind.
   */
  private async reverse(
    trx: Trx,
    original: Pick<StoredOrder, 'id' | 'amount_fen'>,
    refund: RefundRow,
    refundedBefore: number,
  ): Promise<void> {
    const refundFen = Number(refund.amount_fen);
    const completes = refundedBefore + refundFen === Number(original.amount_fen);
    const now = this.clock.now();
    const reversals = (await this.shares.sharesToReverse(trx, original.id)).map((share): NewShare => {
      const left = share.share_amount_fen + Number(share.reversed_fen);
      const dueAt = share.sett_status === SettStatus.ToBeSettled ? share.expected_sett_at : now;
      return {
        order_no: `O${refund.id}-${share.share_type}`,
        order_id: refund.order_id,
        open_order_id: refund.id,
        agent_id: share.agent_id,
        attract_agent_id: share.attract_agent_id,
        receipt_id: share.receipt_id,
        task_id: share.task_id,
        serial_id: share.serial_id,
        app_id: share.app_id,
        share_type: share.share_type,
        order_type: OrderType.Refund,
        platform: share.platform,
        order_amount_fen: -refundFen,
        ad_amount_fen: 0,
        share_amount_fen: completes ? -left : -Math.min(left, shareOf(refundFen, share.rate_bp)),
        rate_bp: share.rate_bp,
        reverses_id: share.id,
        order_at: Number(refund.order_at),
        expected_sett_at: dueAt,
        expected_sett_date: shanghaiDate(dueAt),
        created_at: now,
      };
    });
    await this.writeShares(
      trx,
      reversals.filter((r) => r.share_amount_fen !== 0),
    );
  }

  /**
   * Shares are written with the figures kept of them, in the same transaction: the income figures here, and the
   * promotion's figures of each receipt (my tasks, the overview; a receipt's first earning order activates it), which
   * promotion keeps itself.
   */
  private async writeShares(trx: Trx, rows: NewShare[]): Promise<void> {
    if (rows.length === 0) return;
    await this.shares.insertShares(trx, rows);
    await this.promotions.recordShares(trx, rows);
  }
}
