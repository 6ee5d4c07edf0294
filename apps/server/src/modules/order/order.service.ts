/**
 * Points orders and how they are paid: by Alipay (QR or the mobile-browser cashier), by wallet (with an SMS code of
 * type 5), or combined (the wallet part held, the rest by Alipay, both committed together when the trade is paid).
 * Wallet money spent on points is remuneration paid in kind: the tax withheld on it leaves the wallet with it
 * (ADR 0013). An order lives 9:59. Its Alipay trades are payment's (`AlipayTradeService`); every state change of the
 * order happens in a transaction under its lock, after re-reading its status, so notifications, queries, retries and
 * timeouts settle it once.
 */
import { randomInt } from 'node:crypto';
import {
  ORDER_QUANTITY,
  OrderStatus,
  PAY_RESULT_PATH,
  PayChannel,
  PayType,
  OrderType,
  PAYMENT_WINDOW_SECONDS,
  SmsType,
  TradeStatus,
  fenToYuan,
  type OrderState,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import { beijingWallClock } from '../../beijing-time.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { MoneyProof, MoneySessionService } from '../verification/money-session.service.js';
import { throwUnlessOk } from '../verification/sms-code.service.js';
import type { PackageService } from '../credit/package.service.js';
import { isoTime } from '../paging.js';
import type { AlipayTradeService } from '../payment/alipay-trade.service.js';
import type { UserService } from '../user/user.service.js';
import type { TaxWithholding } from '../withdrawal/tax-withholding.js';
import type { WalletService } from '../withdrawal/wallet.service.js';
import { walletShareFen, type OrderCompletion } from './order-completion.js';
import type { OrderRepository, OrderRow } from './order.repository.js';

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
  /** The order's lock and its paid state (the same one payment's trades are built with). */
  completion: OrderCompletion;
  /** The order's Alipay trades. */
  trades: AlipayTradeService;
  packages: PackageService;
  wallet: WalletService;
  taxes: TaxWithholding;
  moneySessions: MoneySessionService;
  users: UserService;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The web app's origin: Alipay's wap cashier returns the buyer to its order page. */
  publicBaseUrl: string;
}

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

  private inOrderTransaction<T>(orderId: number, work: (trx: Trx, order: OrderRow) => Promise<T>): Promise<T> {
    return this.deps.completion.inOrderTransaction(orderId, work);
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
    const trade = await this.deps.trades.payableTrade(order.id);
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
      pay_url: payable && wap ? this.deps.trades.wapPayUrl(trade, order.subject, this.orderPage(order)) : '',
      credit: order.credit,
      gift_credit: order.gift_credit,
    };
  }

  /**
   * The order page: the wap cashier returns the buyer there (or there they quit), and it trusts only what the server
   * finds.
   */
  private orderPage(order: OrderRow): string {
    return `${this.deps.publicBaseUrl}${PAY_RESULT_PATH}?order_no=${encodeURIComponent(order.order_no)}`;
  }

  /**
   * Opens the order's one payable trade for what Alipay must pay (the price less a combo's wallet share), under the
   * order's lock, then has its QR made outside the transaction; a wap trade needs no call.
   */
  private async openTrade(orderId: number): Promise<void> {
    const opened = await this.inOrderTransaction(orderId, async (trx, order) => {
      if (order.status !== OrderStatus.Pending || order.pay_type === PayType.Wallet) return null;
      const trade = await this.deps.trades.openTrade(trx, order, order.price_fen - walletShareFen(order));
      return order.pay_channel === PayChannel.Wap ? null : { trade, order };
    });
    if (opened) await this.deps.trades.precreateQr(opened.trade, opened.order);
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
    await this.deps.trades.syncPayableTrade(order.id);
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
      const current = await this.deps.trades.payableTrade(fresh.id, trx);
      const keep = current && current.amount_fen === qrAmount && current.expires_at > this.deps.clock.now();
      await this.deps.wallet.release(trx, agentId, fresh.wallet_hold_fen);
      await this.deps.wallet.hold(trx, agentId, hold);
      if (!keep) await this.deps.trades.endPayableTrade(trx, fresh.id);
      await this.deps.orders.update(trx, fresh.id, {
        pay_type: payType,
        wallet_hold_fen: hold,
        wallet_tax_fen: taxFen,
      });
      return !keep && qrAmount > 0;
    });
    if (needsTrade) await this.openTrade(order.id);
    await this.deps.trades.cancelEndedTrades(order.id);
    return this.state(orderNo);
  }

  async resetQrCode(agentId: number, orderNo: string): Promise<OrderState> {
    const order = await this.pendingOwned(agentId, orderNo);
    if (order.pay_type === PayType.Wallet) throw appError('walletNoQr');
    // A scan paid just now wins over a new QR.
    await this.deps.trades.syncPayableTrade(order.id);
    await this.openTrade(order.id);
    await this.deps.trades.cancelEndedTrades(order.id);
    return this.state(orderNo);
  }

  /** Polled every 5 s: asks Alipay about the payable trade and times the order out. */
  async status(agentId: number, orderNo: string): Promise<OrderState> {
    const order = await this.owned(agentId, orderNo);
    if (order.status === OrderStatus.Pending) {
      await this.deps.trades.syncPayableTrade(order.id);
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
    await this.deps.trades.syncPayableTrade(order.id);
    await this.inOrderTransaction(order.id, async (trx, fresh) => {
      if (fresh.status !== OrderStatus.Pending) return;
      await this.deps.wallet.lock(trx, fresh.agent_id);
      await this.deps.wallet.release(trx, fresh.agent_id, fresh.wallet_hold_fen);
      await this.deps.trades.endPayableTrade(trx, fresh.id);
      await this.deps.orders.update(trx, fresh.id, {
        status,
        wallet_hold_fen: 0,
        wallet_tax_fen: 0,
        closed_at: this.deps.clock.now(),
      });
    });
    await this.deps.trades.cancelEndedTrades(order.id);
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
    await this.deps.trades.syncPayableTrade(order.id);
    const outcome = await this.inOrderTransaction(order.id, async (trx, fresh) => {
      if (fresh.status !== OrderStatus.Pending) throw notPending(fresh);
      await this.deps.wallet.lock(trx, agentId);
      const available = (await this.deps.wallet.canOutFen(agentId, trx)) + fresh.wallet_hold_fen;
      const tax = await this.deps.taxes.quote(trx, agentId, fresh.price_fen);
      if (available < fresh.price_fen + tax.taxFen) throw walletShort(fresh.price_fen, tax.taxFen, available);
      const checked = await this.deps.moneySessions.authorize(trx, { id: agentId, phone }, SmsType.Wallet, proof);
      // A wrong code is committed as such (its attempt counts); nothing else happens.
      if (checked !== 'ok') return checked;
      await this.deps.trades.endPayableTrade(trx, fresh.id);
      await this.deps.wallet.release(trx, agentId, fresh.wallet_hold_fen);
      await this.deps.wallet.payOrder(trx, agentId, fresh.order_no, fresh.price_fen, 0, tax);
      await this.deps.orders.update(trx, fresh.id, {
        pay_type: PayType.Wallet,
        wallet_hold_fen: 0,
        wallet_tax_fen: tax.taxFen,
      });
      await this.deps.completion.markPaid(trx, fresh);
      return checked;
    });
    throwUnlessOk(outcome);
    await this.deps.trades.cancelEndedTrades(order.id);
    return this.state(orderNo);
  }
}

/** An order that no longer waits: paid ones say so (a scan can beat a wallet pay), others must be ordered anew. */
function notPending(order: OrderRow) {
  return appError(order.status === OrderStatus.Paid ? 'orderAlreadyPaid' : 'orderNotPending');
}
