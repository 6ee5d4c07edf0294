/**
 * Points orders and their payment: by Alipay QR, by wallet (with an SMS code of type 5), or combined (the wallet
 * part held, the rest by QR, both committed together when the scan is paid). Wallet money spent on points is
 * remuneration paid in kind: the tax withheld on it leaves the wallet with it (ADR 0013). An order lives 9:59; a QR 5 minutes.
 * Network calls to Alipay happen outside database transactions; every state change happens inside one, under the
 * order's lock, after re-reading its status, so notifications, queries, retries and timeouts settle it once.
 */
import { randomInt } from 'node:crypto';
import {
  CreditRecordType,
  ORDER_QUANTITY,
  OrderStatus,
  PAY_RESULT_PATH,
  PayChannel,
  PayType,
  OrderType,
  PAYMENT_WINDOW_SECONDS,
  QR_VALID_SECONDS,
  SmsType,
  TradeState,
  TradeStatus,
  fenToYuan,
  type OrderState,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Clock } from '../../clock.js';
import { beijingWallClock } from '../../beijing-time.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { AlipayClient } from '../../providers/payment/alipay-client.js';
import type { MoneyProof, MoneySessionService } from '../verification/money-session.service.js';
import { throwUnlessOk } from '../verification/sms-code.service.js';
import type { CreditService } from '../credit/credit.service.js';
import type { PackageService } from '../credit/package.service.js';
import { isoTime } from '../paging.js';
import type { UserService } from '../user/user.service.js';
import type { TaxWithholding } from '../withdrawal/tax-withholding.js';
import type { WalletService } from '../withdrawal/wallet.service.js';
import type { RefundService } from '../payment/refund.service.js';
import type { OrderRepository, OrderRow, TradeRow } from './order.repository.js';

type Trx = Transaction<Database>;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** `20261121123456` + 6 random digits: sortable by time, unguessable enough, within Alipay's 64 characters. */
export function newOrderNo(now: number): string {
  const d = beijingWallClock(now);
  const stamp = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return `${stamp}${pad(randomInt(0, 1_000_000), 6)}`;
}

export interface OrderDeps {
  database: DatabaseHandle;
  orders: OrderRepository;
  packages: PackageService;
  credits: CreditService;
  wallet: WalletService;
  taxes: TaxWithholding;
  moneySessions: MoneySessionService;
  users: UserService;
  alipay: AlipayClient;
  refunds: RefundService;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The web app's origin: Alipay's wap cashier returns the buyer to its order page. */
  publicBaseUrl: string;
}

/** The part of the price a combo's hold pays (the rest of the hold is the tax withheld on that part). */
const walletShareFen = (order: OrderRow) => order.wallet_hold_fen - order.wallet_tax_fen;

/** The wallet cannot pay the points and their tax: the refusal says every figure. */
function walletShort(priceFen: number, taxFen: number, availableFen: number) {
  if (taxFen === 0) return appError('walletInsufficient');
  const total = fenToYuan(priceFen + taxFen);
  return appError(
    'walletTaxInsufficient',
    `钱包余额不足：积分 ¥${fenToYuan(priceFen)} + 代扣个税 ¥${fenToYuan(taxFen)} = ¥${total}，可用 ¥${fenToYuan(availableFen)}`,
  );
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

  /** `channel`: how the Alipay part is paid — a QR code (desktops) or the mobile-browser cashier (phones). */
  async create(agentId: number, packageId: number, channel: PayChannel = PayChannel.Qr): Promise<OrderState> {
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
      pay_channel: channel,
      status: OrderStatus.Pending,
      created_at: now,
      expires_at: now + PAYMENT_WINDOW_SECONDS * 1000,
      paid_at: null,
      closed_at: null,
    });
    const order = (await this.deps.orders.byId(id))!;
    await this.openTrade(order.id);
    return this.state(order.order_no);
  }

  /**
   * The dialog's view of an order. While it waits, the tax of paying the whole price from the wallet is quoted
   * afresh (the creator's history may have moved); a combo shows the share and tax its hold was taken for.
   */
  async state(orderNo: string): Promise<OrderState> {
    const order = (await this.deps.orders.byNo(orderNo))!;
    const [trade] = await this.deps.orders.waitingTrades(order.id);
    const pending = order.status === OrderStatus.Pending;
    const wholeTaxFen = pending ? (await this.deps.taxes.quote(this.db, order.agent_id, order.price_fen)).taxFen : 0;
    const walletFen = order.pay_type === PayType.Wallet ? order.price_fen : walletShareFen(order);
    const walletTaxFen = order.pay_type === PayType.Wallet && pending ? wholeTaxFen : order.wallet_tax_fen;
    const qrAmount = order.pay_type === PayType.Wallet ? 0 : order.price_fen - walletFen;
    const status =
      order.status === OrderStatus.Paid
        ? TradeStatus.Success
        : order.status === OrderStatus.Pending
          ? TradeStatus.Waiting
          : TradeStatus.Closed;
    const payable = order.status === OrderStatus.Pending && order.pay_type !== PayType.Wallet && trade;
    const wap = order.pay_channel === PayChannel.Wap;
    const showQr = payable && !wap;
    return {
      order_no: order.order_no,
      order_at: isoTime(order.created_at),
      expires_at: isoTime(order.expires_at),
      status,
      order_status: order.status,
      pay_type: order.pay_type,
      price: fenToYuan(order.price_fen),
      wallet_amount: fenToYuan(walletFen),
      wallet_tax: fenToYuan(walletTaxFen),
      wallet_total: fenToYuan(walletFen + walletTaxFen),
      wallet_pay_total: fenToYuan(pending ? order.price_fen + wholeTaxFen : 0),
      qr_amount: fenToYuan(qrAmount),
      pay_qr_code: showQr ? trade.qr_code : '',
      qr_expires_at: showQr ? isoTime(trade.expires_at) : null,
      pay_channel: order.pay_channel,
      pay_url: payable && wap ? this.wapPayUrl(order, trade) : '',
      credit: order.credit,
      gift_credit: order.gift_credit,
    };
  }

  /**
   * The wap cashier's address for the order's payable trade. Alipay closes the trade when the order's window ends
   * (time_expire), so a link opened late cannot pay an order we timed out; its return and quit addresses are the
   * order page, which trusts only what the server finds.
   */
  private wapPayUrl(order: OrderRow, trade: TradeRow): string {
    const orderPage = `${this.deps.publicBaseUrl}${PAY_RESULT_PATH}?order_no=${encodeURIComponent(order.order_no)}`;
    return this.deps.alipay.wapPayUrl({
      outTradeNo: trade.out_trade_no,
      amountYuan: fenToYuan(trade.amount_fen),
      subject: order.subject,
      expiresAt: trade.expires_at,
      returnUrl: orderPage,
      quitUrl: orderPage,
    });
  }

  /**
   * Opens the order's one payable trade for what the scan must pay: under the order's lock any waiting trade is
   * ended and the new one recorded (so two concurrent resets never leave two payable QRs), then Alipay precreates
   * its QR outside the transaction. A wap trade needs no call: it lives as long as the order, and Alipay learns of it
   * when the buyer opens its signed link.
   */
  private async openTrade(orderId: number): Promise<void> {
    const now = this.deps.clock.now();
    const trade = await this.inOrderTransaction(orderId, async (trx, order) => {
      if (order.status !== OrderStatus.Pending || order.pay_type === PayType.Wallet) return null;
      await this.deps.orders.endWaitingTrades(trx, order.id);
      const wap = order.pay_channel === PayChannel.Wap;
      const opened = await this.deps.orders.insertTrade(trx, order, {
        amount_fen: order.price_fen - walletShareFen(order),
        created_at: now,
        expires_at: wap ? order.expires_at : now + QR_VALID_SECONDS * 1000,
      });
      return wap ? null : opened;
    });
    if (!trade) return;
    const order = (await this.deps.orders.byId(orderId))!;
    try {
      const qrCode = await this.deps.alipay.precreate(
        trade.out_trade_no,
        fenToYuan(trade.amount_fen),
        order.subject,
        QR_VALID_SECONDS / 60,
      );
      await this.deps.orders.setQrCode(trade.id, qrCode);
    } catch (error) {
      // A concurrent reset replaced this trade and had Alipay cancel it before its QR was made: the newer trade is
      // the payable one, and Alipay rightly refuses to precreate a cancelled one.
      const current = await this.deps.orders.tradeByOutTradeNo(trade.out_trade_no);
      if (current?.status !== TradeState.Waiting) return;
      this.deps.log.error({ err: error, orderNo: order.order_no }, 'alipay precreate failed');
      // Nobody can have seen this QR, but the sweep cancels it at Alipay all the same.
      await this.deps.orders.moveTrade(this.db, trade.id, [TradeState.Waiting], TradeState.Cancelling);
      throw appError('paymentUnavailable');
    }
  }

  /** Asks Alipay about the order's payable trade (notifications can be lost); a paid one completes the order. */
  private async syncWaitingTrades(orderId: number): Promise<void> {
    for (const trade of await this.deps.orders.waitingTrades(orderId)) {
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
   * Cancels at Alipay every trade of the order that we ended. A failure leaves the trade `cancelling` for the
   * sweep; it is never payable for us again either way (a payment through it is refunded).
   */
  private async cancelEndedTrades(orderId: number): Promise<void> {
    for (const trade of await this.deps.orders.tradesIn(orderId, TradeState.Cancelling)) await this.cancelTrade(trade);
  }

  private async cancelTrade(trade: TradeRow): Promise<void> {
    let action: 'close' | 'refund' | 'none';
    try {
      ({ action } = await this.deps.alipay.cancel(trade.out_trade_no));
    } catch (error) {
      this.deps.log.warn({ err: error, outTradeNo: trade.out_trade_no }, 'alipay cancel failed: the sweep retries');
      return;
    }
    await this.inOrderTransaction(trade.order_id, async (trx) => {
      await this.deps.orders.moveTrade(trx, trade.id, [TradeState.Cancelling], TradeState.Closed);
      if (action === 'refund') {
        const fresh = (await this.deps.orders.tradeByOutTradeNo(trade.out_trade_no, trx))!;
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

  private async pendingOwned(agentId: number, orderNo: string): Promise<OrderRow> {
    const order = await this.owned(agentId, orderNo);
    if (order.status === OrderStatus.Pending && order.expires_at <= this.deps.clock.now()) {
      await this.finish(order, OrderStatus.TimedOut);
      throw appError('orderNotPending');
    }
    if (order.status !== OrderStatus.Pending) throw notPending(order);
    return order;
  }

  /**
   * Switches how the order is paid. The new wallet hold is taken first, in the same transaction that ends the old
   * trade: if the hold fails nothing changes and the old QR stays payable; the old trade is cancelled at Alipay only
   * after the new state is committed. The wallet must cover the points and the tax on them: paying it all needs
   * price + tax; a combo holds the largest share it can pay with its tax, and the scan pays the rest.
   */
  async changePayType(agentId: number, orderNo: string, payType: 1 | 2 | 3): Promise<OrderState> {
    const order = await this.pendingOwned(agentId, orderNo);
    // A scan paid just now wins over a change of mind.
    await this.syncWaitingTrades(order.id);
    const needsTrade = await this.inOrderTransaction(order.id, async (trx, fresh) => {
      if (fresh.status !== OrderStatus.Pending) throw notPending(fresh);
      await this.deps.wallet.lock(trx, agentId);
      const available = (await this.deps.wallet.canOutFen(agentId, trx)) + fresh.wallet_hold_fen;
      const whole = await this.deps.taxes.quote(trx, agentId, fresh.price_fen);
      const coversWhole = available >= fresh.price_fen + whole.taxFen;
      if (payType === PayType.Wallet && !coversWhole) throw walletShort(fresh.price_fen, whole.taxFen, available);
      if (payType === PayType.Combo && coversWhole) throw appError('comboNotNeeded');
      const share =
        payType === PayType.Combo
          ? await this.deps.taxes.affordableShare(trx, agentId, available, fresh.price_fen)
          : null;
      if (share && share.shareFen <= 0) throw appError('walletInsufficient');
      const shareFen = share?.shareFen ?? 0;
      const taxFen = share?.quote.taxFen ?? 0;
      const hold = shareFen + taxFen;
      const qrAmount = payType === PayType.Wallet ? 0 : fresh.price_fen - shareFen;
      const [current] = await this.deps.orders.waitingTrades(fresh.id, trx);
      const keep = current && current.amount_fen === qrAmount && current.expires_at > this.deps.clock.now();
      await this.deps.wallet.release(trx, agentId, fresh.wallet_hold_fen);
      await this.deps.wallet.hold(trx, agentId, hold);
      if (!keep) await this.deps.orders.endWaitingTrades(trx, fresh.id);
      await this.deps.orders.update(trx, fresh.id, {
        pay_type: payType,
        wallet_hold_fen: hold,
        wallet_tax_fen: taxFen,
      });
      return !keep && qrAmount > 0;
    });
    if (needsTrade) await this.openTrade(order.id);
    await this.cancelEndedTrades(order.id);
    return this.state(orderNo);
  }

  async resetQrCode(agentId: number, orderNo: string): Promise<OrderState> {
    const order = await this.pendingOwned(agentId, orderNo);
    if (order.pay_type === PayType.Wallet) throw appError('walletNoQr');
    // A scan paid just now wins over a new QR.
    await this.syncWaitingTrades(order.id);
    await this.openTrade(order.id);
    await this.cancelEndedTrades(order.id);
    return this.state(orderNo);
  }

  /** Polled every 5 s: asks Alipay about the payable trade and times the order out. */
  async status(agentId: number, orderNo: string): Promise<OrderState> {
    const order = await this.owned(agentId, orderNo);
    if (order.status === OrderStatus.Pending) {
      await this.syncWaitingTrades(order.id);
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

  /** Ends an unpaid order: its trade ended, its wallet hold released. A payment found at Alipay first wins. */
  private async finish(
    order: OrderRow,
    status: typeof OrderStatus.Cancelled | typeof OrderStatus.TimedOut,
  ): Promise<void> {
    await this.syncWaitingTrades(order.id);
    await this.inOrderTransaction(order.id, async (trx, fresh) => {
      if (fresh.status !== OrderStatus.Pending) return;
      await this.deps.wallet.lock(trx, fresh.agent_id);
      await this.deps.wallet.release(trx, fresh.agent_id, fresh.wallet_hold_fen);
      await this.deps.orders.endWaitingTrades(trx, fresh.id);
      await this.deps.orders.update(trx, fresh.id, {
        status,
        wallet_hold_fen: 0,
        wallet_tax_fen: 0,
        closed_at: this.deps.clock.now(),
      });
    });
    await this.cancelEndedTrades(order.id);
  }

  /** The timeout sweep: ends every pending order whose 9:59 has run out, each on its own. */
  async expireDue(limit = 100): Promise<number> {
    const due = await this.deps.orders.duePending(this.deps.clock.now(), limit);
    for (const { id, order_no } of due) {
      try {
        const order = (await this.deps.orders.byId(id))!;
        await this.finish(order, OrderStatus.TimedOut);
      } catch (error) {
        this.deps.log.error({ err: error, orderNo: order_no }, 'order timeout failed: retried next sweep');
      }
    }
    return due.length;
  }

  /** The cancel sweep: trades we ended whose cancel at Alipay failed or was never confirmed. */
  async cancelDueTrades(limit = 100): Promise<number> {
    const due = await this.deps.orders.cancellingTrades(limit);
    for (const trade of due) {
      try {
        await this.cancelTrade(trade);
      } catch (error) {
        this.deps.log.error({ err: error, outTradeNo: trade.out_trade_no }, 'trade cancel sweep failed');
      }
    }
    return due.length;
  }

  /**
   * Pays the whole order from the wallet. Under the order's lock, in one transaction: the balance is checked before
   * the SMS code is used up (the user keeps it for another try), then the code is consumed, the QR ended, the
   * wallet charged for the points and the tax withheld on them, and the points granted. A QR paid meanwhile is
   * refunded, never credited twice.
   */
  async walletPay(agentId: number, orderNo: string, proof: MoneyProof): Promise<OrderState> {
    const order = await this.pendingOwned(agentId, orderNo);
    const phone = await this.deps.users.phoneOf(agentId);
    // A scan paid just now wins: the wallet is not charged for an order Alipay already paid.
    await this.syncWaitingTrades(order.id);
    const outcome = await this.inOrderTransaction(order.id, async (trx, fresh) => {
      if (fresh.status !== OrderStatus.Pending) throw notPending(fresh);
      await this.deps.wallet.lock(trx, agentId);
      const available = (await this.deps.wallet.canOutFen(agentId, trx)) + fresh.wallet_hold_fen;
      const tax = await this.deps.taxes.quote(trx, agentId, fresh.price_fen);
      if (available < fresh.price_fen + tax.taxFen) throw walletShort(fresh.price_fen, tax.taxFen, available);
      const checked = await this.deps.moneySessions.authorize(trx, { id: agentId, phone }, SmsType.Wallet, proof);
      // A wrong code is committed as such (its attempt counts); nothing else happens.
      if (checked !== 'ok') return checked;
      await this.deps.orders.endWaitingTrades(trx, fresh.id);
      await this.deps.wallet.release(trx, agentId, fresh.wallet_hold_fen);
      await this.deps.wallet.payOrder(trx, agentId, fresh.order_no, fresh.price_fen, 0, tax);
      await this.deps.orders.update(trx, fresh.id, {
        pay_type: PayType.Wallet,
        wallet_hold_fen: 0,
        wallet_tax_fen: tax.taxFen,
      });
      await this.markPaid(trx, fresh);
      return checked;
    });
    throwUnlessOk(outcome);
    await this.cancelEndedTrades(order.id);
    return this.state(orderNo);
  }

  /**
   * A trade was paid at Alipay (notification or query). Once per trade: if it is the order's payable trade and the
   * order still waits, the order is paid — the wallet part of a combo from the order's own hold, the one source of
   * truth, with the tax on it fixed now (the payment is the tax point) — and the points granted, all in one
   * transaction. Any other payment (the order already paid, cancelled or
   * timed out, or a QR that was replaced) is an over-payment: recorded and refunded.
   */
  async complete(trade: TradeRow, tradeNo: string): Promise<void> {
    const refundId = await this.inOrderTransaction(trade.order_id, async (trx, order) => {
      const fresh = (await this.deps.orders.tradeByOutTradeNo(trade.out_trade_no, trx))!;
      if (fresh.status === TradeState.Paid) return null;
      const paid = { trade_no: tradeNo, paid_at: this.deps.clock.now() };
      const walletPart = order.pay_type === PayType.Combo ? walletShareFen(order) : 0;
      const payable =
        fresh.status === TradeState.Waiting &&
        order.status === OrderStatus.Pending &&
        order.pay_type !== PayType.Wallet &&
        fresh.amount_fen + walletPart === order.price_fen;
      await this.deps.orders.moveTrade(trx, fresh.id, [fresh.status], TradeState.Paid, paid);
      if (payable) {
        if (walletPart > 0) {
          await this.deps.wallet.lock(trx, order.agent_id);
          const tax = await this.deps.taxes.quote(trx, order.agent_id, walletPart);
          await this.deps.wallet.payOrder(trx, order.agent_id, order.order_no, walletPart, order.wallet_hold_fen, tax);
        }
        await this.deps.orders.update(trx, order.id, { wallet_hold_fen: 0, wallet_tax_fen: 0 });
        await this.markPaid(trx, order);
        return null;
      }
      return this.deps.refunds.recordOverpayment(trx, {
        order_id: order.id,
        trade_id: fresh.id,
        out_trade_no: fresh.out_trade_no,
        trade_no: tradeNo,
        amount_fen: fresh.amount_fen,
        reason: overpaymentReason(order.status, fresh.status),
      });
    });
    if (refundId !== null) await this.deps.refunds.process(refundId);
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
    const trade = await this.deps.orders.tradeByOutTradeNo(params.out_trade_no);
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

/** An order that no longer waits: paid ones say so (a scan can beat a wallet pay), others must be ordered anew. */
function notPending(order: OrderRow) {
  return appError(order.status === OrderStatus.Paid ? 'orderAlreadyPaid' : 'orderNotPending');
}

function overpaymentReason(orderStatus: number, tradeState: number): string {
  if (orderStatus === OrderStatus.Paid) return '订单已支付，重复付款原路退回';
  if (orderStatus === OrderStatus.Cancelled) return '订单已取消，付款原路退回';
  if (orderStatus === OrderStatus.TimedOut) return '订单已超时，付款原路退回';
  if (tradeState !== TradeState.Waiting) return '二维码已作废，付款原路退回';
  return '付款金额与订单不符，原路退回';
}
