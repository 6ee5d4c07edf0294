/**
 * Orders in, shares out (ADR 0012): a reported order is stored once per (app, order_id); an attributed recharge
 * creates the share rows of everyone it pays (creator, leader, inviter), a refund reverses them with negative
 * rows, and operators grant bonuses. Settlement (`settlement.service.ts`) later moves due shares into wallets.
 */
import { randomUUID } from 'node:crypto';
import { OrderType, SettStatus, ShareType, yuanToFen, type OpenOrder, type OpenOrderStatus } from '@cc/contracts';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { PromotionService } from '../promotion/promotion.service.js';
import type { NewShare, ShareRepository } from './share.repository.js';

type Trx = Transaction<Database>;

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
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
}

export class IncomeService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly shares: ShareRepository,
    private readonly promotions: Pick<PromotionService, 'receiptOfApp'>,
    private readonly clock: Clock,
    private readonly rates: IncomeRates,
  ) {}

  /** Stores a reported order once and creates or reverses its shares; what became of it. */
  async receive(appId: number, order: OpenOrder, source: 'api' | 'csv'): Promise<OpenOrderStatus> {
    const amountFen = yuanToFen(order.amount);
    const orderAt = Date.parse(order.order_at);
    // Read before the transaction: SQLite runs one transaction at a time on its single connection.
    const receipt =
      order.order_type === OrderType.Recharge ? await this.promotions.receiptOfApp(appId, order.code) : null;
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
        created_at: this.clock.now(),
      };
      if (order.order_type === OrderType.Refund) return this.receiveRefund(trx, base, order.refund_of!);
      const id = await this.shares.insertOpenOrder(trx, {
        ...base,
        attribution: receipt ? 'attributed' : 'unattributed',
        receipt_id: receipt?.receipt_id ?? null,
        agent_id: receipt?.agent_id ?? null,
      });
      if (id === null) return 'duplicate';
      if (!receipt) return 'unattributed';
      await this.shares.insertShares(
        trx,
        await this.sharesOfRecharge(trx, id, order.order_id, amountFen, orderAt, receipt),
      );
      return 'attributed';
    });
  }

  /**
   * An operator's bonus (share_type 4), due at once: the next settlement run pays it. With a `requestId` it is
   * granted once: a repeat answers the first grant, or `idempotencyConflict` when it differs.
   */
  async grantBonus(
    agentId: number,
    amountFen: number,
    reason: string,
    requestId?: string,
  ): Promise<{ id: number; expected_sett_date: string }> {
    if (!(await this.shares.agentExists(agentId))) throw appError('bonusAgentNotFound');
    const now = this.clock.now();
    const orderNo = requestId ? `B:${requestId}` : `B${randomUUID().replaceAll('-', '')}`;
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

  private async sharesOfRecharge(
    trx: Trx,
    openOrderId: number,
    orderId: string,
    amountFen: number,
    orderAt: number,
    receipt: NonNullable<Awaited<ReturnType<PromotionService['receiptOfApp']>>>,
  ): Promise<NewShare[]> {
    const dueAt = orderAt + this.rates.holdSeconds * 1000;
    const row = (agentId: number, shareType: ShareType, rateBp: number): NewShare => ({
      order_no: `O${openOrderId}-${shareType}`,
      order_id: orderId,
      open_order_id: openOrderId,
      agent_id: agentId,
      attract_agent_id: receipt.agent_id,
      receipt_id: receipt.receipt_id,
      task_id: receipt.task_id,
      serial_id: receipt.serial_id,
      app_id: receipt.app_id,
      share_type: shareType,
      order_type: OrderType.Recharge,
      platform: receipt.platform,
      order_amount_fen: amountFen,
      ad_amount_fen: 0,
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
   * A refund takes back the same part of every share of its order, at the rate snapshotted on each row; the refund
   * that completes the order takes back exactly what is left, so rounding never leaves a fen behind.
   */
  private async receiveRefund(
    trx: Trx,
    base: Omit<Parameters<ShareRepository['insertOpenOrder']>[1], 'attribution' | 'receipt_id' | 'agent_id'>,
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
    if (id === null) return 'duplicate';
    if (!attributed) return 'unattributed';
    if (refundedBefore + base.amount_fen > original.amount_fen) throw appError('openRefundExceeds');
    const completes = refundedBefore + base.amount_fen === original.amount_fen;
    const now = this.clock.now();
    const reversals = (await this.shares.sharesToReverse(trx, original.id)).map((share): NewShare => {
      const left = share.share_amount_fen + Number(share.reversed_fen);
      const dueAt = share.sett_status === SettStatus.ToBeSettled ? share.expected_sett_at : now;
      return {
        order_no: `O${id}-${share.share_type}`,
        order_id: base.order_id,
        open_order_id: id,
        agent_id: share.agent_id,
        attract_agent_id: share.attract_agent_id,
        receipt_id: share.receipt_id,
        task_id: share.task_id,
        serial_id: share.serial_id,
        app_id: share.app_id,
        share_type: share.share_type,
        order_type: OrderType.Refund,
        platform: share.platform,
        order_amount_fen: -base.amount_fen,
        ad_amount_fen: 0,
        share_amount_fen: completes ? -left : -Math.min(left, shareOf(base.amount_fen, share.rate_bp)),
        rate_bp: share.rate_bp,
        reverses_id: share.id,
        order_at: base.order_at,
        expected_sett_at: dueAt,
        expected_sett_date: shanghaiDate(dueAt),
        created_at: now,
      };
    });
    await this.shares.insertShares(
      trx,
      reversals.filter((r) => r.share_amount_fen !== 0),
    );
    return 'attributed';
  }
}
