/**
 * Points orders and their payment: by Alipay QR, by wallet (with an SMS code of type 5), or combined (the wallet
 * part held, the rest by QR, both committed together when the scan is paid). An order lives 9:59; a QR 5 minutes.
 * Network calls to Alipay happen outside database transactions; every state change happens inside one, under the
 * order's lock, after re-reading its status, so notifications, queries, retries and timeouts settle it once.
 */
import { randomInt } from 'node:crypto';
import {
  CreditRecordType,
  ORDER_QUANTITY,
  OrderStatus,
  OrderType,
  PAYMENT_WINDOW_SECONDS,
  QR_VALID_SECONDS,
  SmsType,
  TradeStatus,
  fenToYuan,
  type OrderState,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { AlipayClient } from '../../providers/payment/alipay-client.js';
import type { SmsCodeService } from '../auth/sms-code.service.js';
import { throwUnlessOk } from '../auth/sms-code.service.js';
import type { CreditService } from '../credit/credit.service.js';
import type { PackageService } from '../credit/package.service.js';
import { isoTime } from '../paging.js';
import type { UserRepository } from '../user/user.repository.js';
import type { WalletService } from '../withdrawal/wallet.service.js';
import { TradeState, type OrderRepository, type OrderRow, type TradeRow } from './order.repository.js';

type Trx = Transaction<Database>;
const PayType = { Alipay: 1, Wallet: 2, Combo: 3 } as const;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** `20261121123456` + 6 random digits: sortable by time, unguessable enough, within Alipay's 64 characters. */
export function newOrderNo(now: number): string {
  const d = new Date(now + 8 * 3600_000);
  const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return `${stamp}${pad(randomInt(0, 1_000_000), 6)}`;
}

export interface OrderDeps {
  database: DatabaseHandle;
  orders: OrderRepository;
  packages: PackageService;
  credits: CreditService;
  wallet: WalletService;
  smsCodes: SmsCodeService;
  users: UserRepository;
  alipay: AlipayClient;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class OrderService {
  constructor(private readonly deps: OrderDeps) {}

  private get db() {
    return this.deps.database.db;
  }

  private async inOrderTransaction<T>(orderId: number, work: (trx: Trx, order: OrderRow) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await lockKey(trx, this.deps.database.kind, `order:${orderId}`);
      const order = (await this.deps.orders.byId(orderId, trx))!;
      return work(trx, order);
    });
  }

  private async owned(agentId: number, orderNo: string): Promise<OrderRow> {
    const order = await this.deps.orders.byNo(orderNo);
    if (!order || order.agent_id !== agentId) throw appError('orderNotFound');
    return order;
  }

  async create(agentId: number, packageId: number): Promise<OrderState> {
    const { package: pkg, priceFen } = await this.deps.packages.priceFor(agentId, packageId);
    const now = this.deps.clock.now();
    const orderNo = newOrderNo(now);
    const id = await this.deps.orders.insert({
      order_no: orderNo,
      agent_id: agentId,
      type: OrderType.Recharge,
      package_id: pkg.id,
      quantity: ORDER_QUANTITY,
      price_fen: priceFen,
      credit: pkg.credit,
      gift_credit: pkg.gift_credit,
      subject: `创作者中心积分-${pkg.name}`,
      pay_type: PayType.Alipay,
      status: OrderStatus.Pending,
      created_at: now,
      expires_at: now + PAYMENT_WINDOW_SECONDS * 1000,
      paid_at: null,
      closed_at: null,
    });
    const order = (await this.deps.orders.byId(id))!;
    await this.openTrade(order, priceFen);
    return this.state(order.order_no);
  }

  /** The dialog's view of an order. */
  async state(orderNo: string): Promise<OrderState> {
    const order = (await this.deps.orders.byNo(orderNo))!;
    const [trade] = await this.deps.orders.waitingTrades(order.id);
    const qrAmount = order.pay_type === PayType.Wallet ? 0 : order.price_fen - order.wallet_hold_fen;
    const status =
      order.status === OrderStatus.Paid
        ? TradeStatus.Success
        : order.status === OrderStatus.Pending
          ? TradeStatus.Waiting
          : TradeStatus.Closed;
    const showQr = order.status === OrderStatus.Pending && order.pay_type !== PayType.Wallet && trade;
    return {
      order_no: order.order_no,
      order_at: isoTime(order.created_at),
      expires_at: isoTime(order.expires_at),
      status,
      order_status: order.status,
      pay_type: order.pay_type,
      price: fenToYuan(order.price_fen),
      wallet_amount: fenToYuan(order.pay_type === PayType.Wallet ? order.price_fen : order.wallet_hold_fen),
      qr_amount: fenToYuan(qrAmount),
      pay_qr_code: showQr ? trade.qr_code : '',
      qr_expires_at: showQr ? isoTime(trade.expires_at) : null,
      credit: order.credit,
      gift_credit: order.gift_credit,
    };
  }

  /** Precreates an Alipay trade of `amountFen` for the order (a new out_trade_no each time: closed trades stay closed). */
  private async openTrade(order: OrderRow, amountFen: number): Promise<void> {
    const now = this.deps.clock.now();
    const seq = Number((await this.deps.orders.countTrades(order.id)).n) + 1;
    const outTradeNo = `${order.order_no}${pad(seq)}`;
    let qrCode: string;
    try {
      qrCode = await this.deps.alipay.precreate(outTradeNo, fenToYuan(amountFen), order.subject, QR_VALID_SECONDS / 60);
    } catch (error) {
      this.deps.log.error({ err: error, orderNo: order.order_no }, 'alipay precreate failed');
      throw appError('paymentUnavailable');
    }
    await this.deps.orders.insertTrade({
      order_id: order.id,
      out_trade_no: outTradeNo,
      amount_fen: amountFen,
      qr_code: qrCode,
      created_at: now,
      expires_at: now + QR_VALID_SECONDS * 1000,
    });
  }

  /** Closes the order's open trades at Alipay and marks them closed; a trade found paid is completed instead. */
  private async closeTrades(order: OrderRow): Promise<void> {
    for (const trade of await this.deps.orders.waitingTrades(order.id)) {
      try {
        await this.deps.alipay.close(trade.out_trade_no);
        await this.deps.orders.markTrade(this.db, trade.id, TradeState.Closed);
      } catch (error) {
        // Alipay refuses to close a paid trade: that payment wins and completes the order.
        const paid = await this.deps.alipay.query(trade.out_trade_no).catch(() => null);
        if (paid && (paid.tradeStatus === TradeStatus.Success || paid.tradeStatus === TradeStatus.Finished)) {
          await this.complete(trade, paid.tradeNo);
        } else {
          this.deps.log.warn({ err: error, outTradeNo: trade.out_trade_no }, 'alipay close failed');
        }
      }
    }
  }

  private async pendingOwned(agentId: number, orderNo: string): Promise<OrderRow> {
    const order = await this.owned(agentId, orderNo);
    if (order.status === OrderStatus.Pending && order.expires_at <= this.deps.clock.now()) {
      await this.finish(order, OrderStatus.TimedOut);
      throw appError('orderNotPending');
    }
    if (order.status !== OrderStatus.Pending) throw appError('orderNotPending');
    return order;
  }

  async changePayType(agentId: number, orderNo: string, payType: 1 | 2 | 3): Promise<OrderState> {
    const order = await this.pendingOwned(agentId, orderNo);
    const available = (await this.deps.wallet.canOutFen(agentId)) + order.wallet_hold_fen;
    if (payType === PayType.Wallet && available < order.price_fen) throw appError('walletInsufficient');
    if (payType === PayType.Combo && available >= order.price_fen) throw appError('comboNotNeeded');
    if (payType === PayType.Combo && available <= 0) throw appError('walletInsufficient');

    const hold = payType === PayType.Combo ? available : 0;
    const qrAmount =
      payType === PayType.Alipay ? order.price_fen : payType === PayType.Combo ? order.price_fen - hold : 0;
    const [current] = await this.deps.orders.waitingTrades(order.id);
    const keepTrade = current && current.amount_fen === qrAmount && current.expires_at > this.deps.clock.now();
    if (!keepTrade) await this.closeTrades(order);

    await this.inOrderTransaction(order.id, async (trx, fresh) => {
      if (fresh.status !== OrderStatus.Pending) throw appError('orderNotPending');
      await this.deps.wallet.lock(trx, agentId);
      await this.deps.wallet.release(trx, agentId, fresh.wallet_hold_fen);
      await this.deps.wallet.hold(trx, agentId, hold);
      await this.deps.orders.update(trx, fresh.id, { pay_type: payType, wallet_hold_fen: hold });
    });
    if (!keepTrade && qrAmount > 0) await this.openTrade({ ...order, pay_type: payType }, qrAmount);
    return this.state(orderNo);
  }

  async resetQrCode(agentId: number, orderNo: string): Promise<OrderState> {
    const order = await this.pendingOwned(agentId, orderNo);
    if (order.pay_type === PayType.Wallet) throw appError('validation', '钱包支付无需二维码');
    await this.closeTrades(order);
    const fresh = (await this.deps.orders.byId(order.id))!;
    if (fresh.status !== OrderStatus.Pending) return this.state(orderNo);
    await this.openTrade(fresh, fresh.price_fen - fresh.wallet_hold_fen);
    return this.state(orderNo);
  }

  /** Polled every 5 s: asks Alipay about open trades (notifications can be lost) and times the order out. */
  async status(agentId: number, orderNo: string): Promise<OrderState> {
    const order = await this.owned(agentId, orderNo);
    if (order.status === OrderStatus.Pending) {
      for (const trade of await this.deps.orders.waitingTrades(order.id)) {
        const remote = await this.deps.alipay.query(trade.out_trade_no).catch((error: unknown) => {
          this.deps.log.warn({ err: error, outTradeNo: trade.out_trade_no }, 'alipay query failed');
          return null;
        });
        if (remote && (remote.tradeStatus === TradeStatus.Success || remote.tradeStatus === TradeStatus.Finished)) {
          await this.complete(trade, remote.tradeNo);
        }
      }
      const fresh = (await this.deps.orders.byId(order.id))!;
      if (fresh.status === OrderStatus.Pending && fresh.expires_at <= this.deps.clock.now()) {
        await this.finish(fresh, OrderStatus.TimedOut);
      }
    }
    return this.state(orderNo);
  }

  async cancel(agentId: number, orderNo: string): Promise<OrderState> {
    const order = await this.owned(agentId, orderNo);
    if (order.status === OrderStatus.Pending) await this.finish(order, OrderStatus.Cancelled);
    return this.state(orderNo);
  }

  /** Ends an unpaid order: closes its trades, releases the wallet hold. A payment that slipped in wins. */
  private async finish(
    order: OrderRow,
    status: typeof OrderStatus.Cancelled | typeof OrderStatus.TimedOut,
  ): Promise<void> {
    await this.closeTrades(order);
    await this.inOrderTransaction(order.id, async (trx, fresh) => {
      if (fresh.status !== OrderStatus.Pending) return;
      await this.deps.wallet.lock(trx, fresh.agent_id);
      await this.deps.wallet.release(trx, fresh.agent_id, fresh.wallet_hold_fen);
      await this.deps.orders.update(trx, fresh.id, { status, wallet_hold_fen: 0, closed_at: this.deps.clock.now() });
    });
  }

  /** The timeout job: ends every pending order whose 9:59 has run out. */
  async expireDue(limit = 100): Promise<number> {
    const due = await this.deps.orders.duePending(this.deps.clock.now(), limit);
    for (const { order_no } of due) {
      const order = (await this.deps.orders.byNo(order_no))!;
      await this.finish(order, OrderStatus.TimedOut);
    }
    return due.length;
  }

  async walletPay(agentId: number, orderNo: string, code: string): Promise<OrderState> {
    const order = await this.pendingOwned(agentId, orderNo);
    const agent = await this.deps.users.findById(agentId);
    if (!agent) throw appError('unauthorized');
    const available = (await this.deps.wallet.canOutFen(agentId)) + order.wallet_hold_fen;
    // Refuse before using up the SMS code: the user keeps it for another try.
    if (available < order.price_fen) throw appError('walletInsufficient');
    const outcome = await this.db.transaction().execute(async (trx) => {
      await this.deps.smsCodes.lockPhone(trx, agent.phone);
      return this.deps.smsCodes.check(trx, agent.phone, SmsType.Wallet, code, { consume: true });
    });
    throwUnlessOk(outcome);
    await this.closeTrades(order);
    await this.inOrderTransaction(order.id, async (trx, fresh) => {
      if (fresh.status !== OrderStatus.Pending) throw appError('orderNotPending');
      await this.deps.wallet.lock(trx, agentId);
      await this.deps.wallet.release(trx, agentId, fresh.wallet_hold_fen);
      await this.deps.wallet.payOrder(trx, agentId, fresh.order_no, fresh.price_fen, false);
      await this.deps.orders.update(trx, fresh.id, { pay_type: PayType.Wallet, wallet_hold_fen: 0 });
      await this.markPaid(trx, fresh);
    });
    return this.state(orderNo);
  }

  /** Completes the order of a paid trade, once: the wallet part (combo) and the points commit together. */
  async complete(trade: TradeRow, tradeNo: string): Promise<void> {
    await this.inOrderTransaction(trade.order_id, async (trx, order) => {
      await this.deps.orders.markTrade(trx, trade.id, TradeState.Paid, {
        trade_no: tradeNo,
        paid_at: this.deps.clock.now(),
      });
      if (order.status === OrderStatus.Paid) return;
      const walletPart = order.price_fen - trade.amount_fen;
      if (walletPart > 0) await this.deps.wallet.lock(trx, order.agent_id);
      if (order.status === OrderStatus.Pending) {
        if (walletPart > 0) await this.deps.wallet.payOrder(trx, order.agent_id, order.order_no, walletPart, true);
      } else {
        // Paid after it was cancelled or timed out (scanned just in time): the scan is real money, so honour the
        // order if the released wallet part can still be paid; otherwise leave it closed for a manual refund.
        this.deps.log.warn({ orderNo: order.order_no, status: order.status }, 'payment arrived for a closed order');
        if (walletPart > 0) {
          const paid = await this.deps.wallet.payOrder(trx, order.agent_id, order.order_no, walletPart, false).then(
            () => true,
            () => false,
          );
          if (!paid) {
            this.deps.log.error(
              { orderNo: order.order_no },
              'late payment cannot be honoured: refund the scan manually',
            );
            return;
          }
        }
      }
      await this.markPaid(trx, order);
    });
  }

  private async markPaid(trx: Trx, order: OrderRow): Promise<void> {
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

  /**
   * Alipay's asynchronous notification: verified (RSA2 signature, our app id, a trade we opened, its exact amount),
   * idempotent and safe to replay. Answers true when Alipay should stop retrying.
   */
  async handleNotify(params: Record<string, string>): Promise<boolean> {
    if (!this.deps.alipay.verifyNotify(params)) {
      this.deps.log.warn({ outTradeNo: params.out_trade_no }, 'alipay notify: bad signature');
      return false;
    }
    if (params.app_id !== this.deps.alipay.appId) {
      this.deps.log.warn({ appId: params.app_id }, 'alipay notify: wrong app_id');
      return false;
    }
    const trade = await this.deps.orders.tradeByOutTradeNo(params.out_trade_no ?? '');
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
