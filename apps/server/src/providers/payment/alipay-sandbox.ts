/**
 * The Alipay sandbox: a development gateway that speaks Alipay's OpenAPI (precreate, query, close, cancel, refund,
 * fund transfer and its query; RSA2-signed requests checked, and their Beijing `timestamp`; responses and
 * notifications signed with its own key pair), in public-key mode or certificate mode (it issues the certificates and
 * checks their SNs as Alipay does), and a cashier page, '支付宝沙箱收银台', where a tester pays or declines what the
 * QR code points to. The mobile-browser payment (alipay.trade.wap.pay) opens the same cashier from a signed GET link,
 * and once paid redirects the browser to the merchant's return_url with Alipay's signed return parameters. Payment
 * notifications are delivered as Alipay delivers them: a form POST, retried on Alipay's schedule until the merchant
 * answers `success`. The server reaches it through alipay-sdk exactly as it reaches Alipay. Like Alipay, it outlives the
 * merchant's process: with a state file (DATA_DIR in development) its trades, transfers and unacknowledged
 * notifications survive a restart, so a paid trade stays paid, a transfer is not made twice, and a notification the
 * server never acknowledged (a crash mid-notify) is still retried.
 */
import { alipaySandboxApi } from '@cc/contracts';
import { BEIJING_OFFSET_MS, beijingDateTime } from '../../beijing-time.js';
import { escapeMarkup } from '../../escape-markup.js';
import { route } from '../../plugins/endpoint-route.js';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { certSn, issueSandboxCerts, rootCertSn, type SandboxCerts } from './alipay-certs.js';
import { generateRsaKeyPair, rsa2Sign, rsa2Verify, signContent, type KeyPair } from './alipay-signing.js';

export interface SandboxKeys {
  appId: string;
  /** The merchant's (our) key pair: we sign requests with its private key, the sandbox verifies with the public. */
  app: KeyPair;
  /** The gateway's key pair: it signs responses and notifications, we verify with the public key. */
  alipay: KeyPair;
  /** Certificate mode: the certificates it issued over both public keys; absent in public-key mode. */
  certs?: SandboxCerts;
}

/** The keys with certificates issued over them: the sandbox then runs in certificate mode. */
export function withSandboxCerts(keys: SandboxKeys): SandboxKeys {
  return { ...keys, certs: keys.certs ?? issueSandboxCerts(keys.appId, keys.app, keys.alipay) };
}

/**
 * Keys (and certificates, once issued) are made once and kept under DATA_DIR, so open cashier pages and stored trades
 * survive a restart. `cert` mode issues the certificates on first use.
 */
export function loadSandboxKeys(dataDir: string, mode: 'key' | 'cert'): SandboxKeys {
  const file = path.join(dataDir, 'alipay-sandbox-keys.json');
  const stored = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as SandboxKeys) : undefined;
  const keys = stored ?? { appId: '2026000000000001', app: generateRsaKeyPair(), alipay: generateRsaKeyPair() };
  const kept = mode === 'cert' ? withSandboxCerts(keys) : keys;
  if (kept !== stored) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(kept), { mode: 0o600 });
  }
  if (mode === 'key') return { appId: kept.appId, app: kept.app, alipay: kept.alipay };
  return kept;
}

type SandboxStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';

/**
 * A precreated QR or an opened wap.pay link: Alipay keeps the request; a QR's trade only comes into being when a buyer
 * scans it, a wap link's when the browser opens it.
 */
interface SandboxQr {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  token: string;
  createdAt: Date;
  /** wap.pay: where the browser goes once paid, and where 返回商家 leads. */
  returnUrl?: string;
  quitUrl?: string;
  /** wap.pay's time_expire (epoch ms): the trade closes unpaid after it. */
  expiresAt?: number;
}

interface SandboxTrade extends SandboxQr {
  tradeNo: string;
  status: SandboxStatus;
  paidAt?: Date;
  /** Refunded so far, in fen; a trade refunded in full is closed. */
  refundedFen: number;
  refundRequests: Map<string, number>;
}

const toFen = (yuan: string) => Math.round(Number(yuan) * 100);
const failed = (subCode: string, subMsg: string) => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
});
/** A public error of the gateway (the request itself is refused, nothing is done). */
const invalid = (subCode: string, subMsg: string) => ({
  code: '40002',
  msg: 'Invalid Arguments',
  sub_code: subCode,
  sub_msg: subMsg,
});
const UNKNOWN_ERROR = {
  code: '20000',
  msg: 'Service Currently Unavailable',
  sub_code: 'isp.unknow-error',
  sub_msg: '系统繁忙',
};
const transferAnswer = (t: SandboxTransfer) => ({
  code: '10000',
  msg: 'Success',
  out_biz_no: t.outBizNo,
  order_id: t.orderId,
  pay_fund_order_id: t.orderId,
  status: t.status,
  trans_date: t.transDate,
  trans_amount: (t.amountFen / 100).toFixed(2),
  ...(t.status === 'FAIL' && { fail_reason: t.failReason }),
});
/** How far a request's `timestamp` may be from Beijing time before the gateway refuses it. */
const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;

/** A notification Alipay still owes the merchant: retried on schedule until acknowledged or the schedule runs out. */
interface PendingNotification {
  outTradeNo: string;
  notification: Record<string, string>;
  /** Index in the retry schedule of the delay after the next failed attempt. */
  retry: number;
  /** When the next attempt is due (epoch ms). */
  dueAt: number;
}

/** What the state file holds: the gateway's memory, as JSON. */
interface SandboxState {
  qrs: (Omit<SandboxQr, 'createdAt'> & { createdAt: string })[];
  trades: (Omit<SandboxTrade, 'createdAt' | 'paidAt' | 'refundRequests'> & {
    createdAt: string;
    paidAt?: string;
    refundRequests: [string, number][];
  })[];
  transfers: SandboxTransfer[];
  pending: PendingNotification[];
  attempts: [string, number][];
}

/** Epoch ms of an Alipay `yyyy-MM-dd HH:mm:ss` read as Beijing time; NaN when it is not one. */
function beijingEpochOf(timestamp: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(timestamp);
  if (!m) return NaN;
  const [, y, mo, d, h, mi, se] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, se) - BEIJING_OFFSET_MS;
}
const NOT_EXIST = failed('ACQ.TRADE_NOT_EXIST', '交易不存在');
const STATUS_ERROR = failed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');

/** A transfer to an Alipay account (`alipay.fund.trans.uni.transfer`), once per out_biz_no. */
export interface SandboxTransfer {
  outBizNo: string;
  amountFen: number;
  identity: string;
  name: string;
  orderId: string;
  transDate: string;
  /** SUCCESS (paid), DEALING (accepted, under way) or FAIL (not paid, for good). */
  status: 'SUCCESS' | 'DEALING' | 'FAIL';
  failReason: string;
}

/** An answer the gateway has computed and holds back until the test releases it (a slow network). */
export interface HeldAnswer {
  /** Resolves when a call has reached the gateway and been carried out. */
  arrived: Promise<void>;
  release(): void;
}

const ALIPAY_LOGON = /^(1[3-9]\d{9}|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

/** Alipay's notification schedule after a first attempt that was not answered `success`: 4m 10m 10m 1h 2h 6h 15h. */
export const ALIPAY_NOTIFY_RETRY_MS = [4, 10, 10, 60, 120, 360, 900].map((minutes) => minutes * 60_000);

/** What opening a wap.pay link leads to: the cashier of its trade, or Alipay's error page. */
export type WapOpening = { token: string } | { error: string; subCode: string };

export class AlipaySandbox {
  private readonly qrs = new Map<string, SandboxQr>();
  private readonly qrsByToken = new Map<string, SandboxQr>();
  private readonly trades = new Map<string, SandboxTrade>();
  /** Calls to answer with Alipay's system error, as its gateway sometimes does (tests use it to see retries). */
  private readonly outages = new Map<string, number>();
  /** Calls carried out whose answer is lost on the way back (a timeout after Alipay acted). */
  private readonly lostAnswers = new Map<string, number>();
  private readonly transfers = new Map<string, SandboxTransfer>();
  /** Calls answered with a business error without being carried out (SYSTEM_ERROR, a refusal, …). */
  private readonly refusals = new Map<string, { subCode: string; subMsg: string }[]>();
  private readonly held = new Map<string, { arrived: () => void; released: Promise<void> }>();
  /** The next new transfers stay DEALING until `settleTransfer`. */
  private dealingTransfers = 0;
  /** Notification attempts still to be lost on the way (the merchant never sees them). */
  private lostNotifications = 0;
  private readonly retryTimers = new Map<string, NodeJS.Timeout>();
  private readonly attempts = new Map<string, number>();
  private readonly pending = new Map<string, PendingNotification>();
  private readonly acknowledgedWaiters = new Map<string, (() => void)[]>();
  /** Delays between notification attempts; Alipay's own by default, shorter in tests. */
  notifyRetryMs: readonly number[] = ALIPAY_NOTIFY_RETRY_MS;
  /** Alipay's clock for trade expiry (time_expire); tests align it with the app's clock. */
  now: () => number = Date.now;

  constructor(
    readonly keys: SandboxKeys,
    /** Where QR codes point (the cashier page's origin). */
    private readonly publicBaseUrl: string,
    /** Where the gateway keeps its memory across restarts; none: it lives as long as the object. */
    private readonly stateFile?: string,
  ) {
    if (stateFile && fs.existsSync(stateFile))
      this.load(JSON.parse(fs.readFileSync(stateFile, 'utf8')) as SandboxState);
  }

  private load(state: SandboxState): void {
    for (const qr of state.qrs) {
      const kept = { ...qr, createdAt: new Date(qr.createdAt) };
      this.qrs.set(kept.outTradeNo, kept);
      this.qrsByToken.set(kept.token, kept);
    }
    for (const { paidAt, ...trade } of state.trades) {
      this.trades.set(trade.outTradeNo, {
        ...trade,
        createdAt: new Date(trade.createdAt),
        ...(paidAt !== undefined && { paidAt: new Date(paidAt) }),
        refundRequests: new Map(trade.refundRequests),
      });
    }
    for (const transfer of state.transfers) this.transfers.set(transfer.outBizNo, transfer);
    for (const entry of state.pending) this.pending.set(entry.outTradeNo, entry);
    for (const [outTradeNo, count] of state.attempts) this.attempts.set(outTradeNo, count);
  }

  /** Writes the gateway's memory after every change (a whole small file, replaced atomically). */
  private save(): void {
    if (!this.stateFile) return;
    const state: SandboxState = {
      qrs: [...this.qrs.values()].map((qr) => ({ ...qr, createdAt: qr.createdAt.toISOString() })),
      trades: [...this.trades.values()].map(({ paidAt, ...trade }) => ({
        ...trade,
        createdAt: trade.createdAt.toISOString(),
        ...(paidAt && { paidAt: paidAt.toISOString() }),
        refundRequests: [...trade.refundRequests],
      })),
      transfers: [...this.transfers.values()],
      pending: [...this.pending.values()],
      attempts: [...this.attempts],
    };
    const temporary = `${this.stateFile}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, JSON.stringify(state), { mode: 0o600 });
    fs.renameSync(temporary, this.stateFile);
  }

  /** Certificate mode adds the SN of the certificate whose key signed the answer, as Alipay does. */
  private signedResponse(method: string, body: Record<string, unknown>): string {
    const key = `${method.replaceAll('.', '_')}_response`;
    const content = JSON.stringify(body);
    const sn = this.keys.certs ? `"alipay_cert_sn":"${certSn(this.keys.certs.alipay)}",` : '';
    return `{"${key}":${content},${sn}"sign":"${rsa2Sign(content, this.keys.alipay.privateKey)}"}`;
  }

  /** The gateway's public checks, in Alipay's order: signature, certificate SNs, then the timestamp. */
  private refusedRequest(params: Record<string, string>) {
    if (
      params.app_id !== this.keys.appId ||
      !params.sign ||
      !rsa2Verify(signContent(params), params.sign, this.keys.app.publicKey)
    ) {
      return failed('isv.invalid-signature', '验签出错');
    }
    if (this.keys.certs) {
      if (params.app_cert_sn !== certSn(this.keys.certs.app)) {
        return invalid('isv.app-cert-sn-invalid', '应用公钥证书序列号（app_cert_sn）缺失或不匹配');
      }
      if (params.alipay_root_cert_sn !== rootCertSn(this.keys.certs.root)) {
        return invalid('isv.alipay-root-cert-sn-invalid', '支付宝根证书序列号（alipay_root_cert_sn）缺失或不匹配');
      }
    }
    const sent = beijingEpochOf(params.timestamp ?? '');
    if (!(Math.abs(Date.now() - sent) <= TIMESTAMP_TOLERANCE_MS)) {
      return invalid(
        'isv.invalid-timestamp',
        '非法的时间戳参数：须为北京时间 yyyy-MM-dd HH:mm:ss，与当前时间相差不超过 5 分钟',
      );
    }
    return null;
  }

  /** `handleGateway`, answering when the test releases a held answer of the method. */
  async answer(params: Record<string, string>): Promise<string> {
    const answer = this.handleGateway(params);
    const held = this.held.get(params.method ?? '');
    if (held) {
      this.held.delete(params.method ?? '');
      held.arrived();
      await held.released;
    }
    return answer;
  }

  /**
   * Handles one gateway call: verifies the merchant's signature, then acts as Alipay does — including the cases
   * that hurt: a precreated QR is no trade until scanned (query and close answer TRADE_NOT_EXIST), `cancel` ends
   * even an unscanned QR and refunds a paid trade, `refund` is idempotent per `out_request_no`.
   */
  handleGateway(params: Record<string, string>): string {
    const method = params.method ?? '';
    const refused = this.refusedRequest(params);
    if (refused) return this.signedResponse(method, refused);
    let biz: Record<string, string> & { payee_info?: Record<string, string> };
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    } catch {
      return this.signedResponse(method, failed('isv.invalid-parameter', '参数有误'));
    }
    const outTradeNo = biz.out_trade_no ?? '';
    const trade = this.trades.get(outTradeNo);
    const outage = this.outages.get(method) ?? 0;
    if (outage > 0) {
      this.outages.set(method, outage - 1);
      return this.signedResponse(method, UNKNOWN_ERROR);
    }
    const refusal = this.refusals.get(method)?.shift();
    if (refusal) return this.signedResponse(method, failed(refusal.subCode, refusal.subMsg));
    const body = (() => {
      switch (method) {
        case 'alipay.trade.precreate':
          return this.precreate(outTradeNo, biz, params.notify_url ?? '');
        case 'alipay.trade.query':
          if (!trade) return NOT_EXIST;
          this.expireIfDue(trade);
          return {
            code: '10000',
            msg: 'Success',
            out_trade_no: trade.outTradeNo,
            trade_no: trade.tradeNo,
            trade_status: trade.status,
            total_amount: trade.totalAmount,
          };
        case 'alipay.trade.close':
          if (!trade) return NOT_EXIST;
          if (trade.status === 'TRADE_SUCCESS') return STATUS_ERROR;
          trade.status = 'TRADE_CLOSED';
          return { code: '10000', msg: 'Success', out_trade_no: trade.outTradeNo, trade_no: trade.tradeNo };
        case 'alipay.trade.cancel':
          return this.cancel(outTradeNo);
        case 'alipay.trade.refund':
          return this.refund(trade, biz);
        case 'alipay.fund.trans.uni.transfer':
          return this.transfer(biz);
        case 'alipay.fund.trans.common.query': {
          const done = this.transfers.get(biz.out_biz_no ?? '');
          return done ? transferAnswer(done) : failed('ORDER_NOT_EXIST', '转账订单不存在');
        }
        default:
          return failed('isv.invalid-method', '不支持的接口');
      }
    })();
    this.save();
    const lost = this.lostAnswers.get(method) ?? 0;
    if (lost > 0) {
      this.lostAnswers.set(method, lost - 1);
      return this.signedResponse(method, UNKNOWN_ERROR);
    }
    return this.signedResponse(method, body);
  }

  /**
   * Pays an Alipay account as Alipay does: checks the payee (a logon id: phone or e-mail, with a name) and the amount
   * (0.10 to 100000.00 yuan, two decimals); one out_biz_no pays once — a repeat with the same figures answers the
   * first transfer, with other figures it is refused.
   */
  private transfer(biz: Record<string, string> & { payee_info?: Record<string, string> }) {
    const outBizNo = biz.out_biz_no ?? '';
    const identity = biz.payee_info?.identity ?? '';
    const name = biz.payee_info?.name ?? '';
    const amount = biz.trans_amount ?? '';
    if (!outBizNo || biz.product_code !== 'TRANS_ACCOUNT_NO_PWD') return failed('INVALID_PARAMETER', '参数有误');
    const earlier = this.transfers.get(outBizNo);
    if (earlier) {
      const same = earlier.amountFen === toFen(amount) && earlier.identity === identity && earlier.name === name;
      return same
        ? transferAnswer(earlier)
        : failed('PAYMENT_INFO_INCONSISTENCY', '两次请求商户单号一样，但是参数不一致');
    }
    if (biz.payee_info?.identity_type !== 'ALIPAY_LOGON_ID' || !ALIPAY_LOGON.test(identity)) {
      return failed('PAYEE_NOT_EXIST', '收款账号不存在');
    }
    if (!name.trim()) return failed('PAYEE_USER_INFO_ERROR', '收款方姓名与账户不一致');
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || toFen(amount) < 10) {
      return failed('EXCEED_LIMIT_SM_MIN_AMOUNT', '单笔最低转账金额0.1元');
    }
    if (toFen(amount) > 10_000_000) return failed('EXCEED_LIMIT_SM_AMOUNT', '单笔转账金额超过限额');
    const done: SandboxTransfer = {
      outBizNo,
      amountFen: toFen(amount),
      identity,
      name,
      orderId: `2026${Date.now()}${randomBytes(4).toString('hex')}`,
      transDate: beijingDateTime(Date.now()),
      status: this.dealingTransfers > 0 ? 'DEALING' : 'SUCCESS',
      failReason: '',
    };
    if (this.dealingTransfers > 0) this.dealingTransfers -= 1;
    this.transfers.set(outBizNo, done);
    return transferAnswer(done);
  }

  /** Every transfer that paid, oldest first (tests check nothing was paid twice). */
  transfersMade(): SandboxTransfer[] {
    return [...this.transfers.values()].filter((t) => t.status === 'SUCCESS');
  }

  /** The transfer of an out_biz_no as the gateway knows it, whatever its state. */
  transferOf(outBizNo: string): SandboxTransfer | undefined {
    return this.transfers.get(outBizNo);
  }

  /** The next `times` new transfers are accepted but stay DEALING (answers and queries) until `settleTransfer`. */
  dealNextTransfers(times = 1): void {
    this.dealingTransfers = times;
  }

  /** Ends a DEALING transfer: paid, or failed with `failReason` (the money never left). */
  settleTransfer(outBizNo: string, status: 'SUCCESS' | 'FAIL', failReason = ''): void {
    const transfer = this.transfers.get(outBizNo);
    if (transfer?.status !== 'DEALING') throw new Error(`transfer ${outBizNo} is not under way`);
    transfer.status = status;
    transfer.failReason = failReason;
    this.save();
  }

  /**
   * The next call of `method` is answered with business error `subCode` (40004) and not carried out: SYSTEM_ERROR,
   * PAYMENT_INFO_INCONSISTENCY, or a refusal such as PAYEE_ACCOUNT_STATUS_ERROR. Several calls queue in order.
   */
  refuseNext(method: string, subCode: string, subMsg = subCode): void {
    this.refusals.set(method, [...(this.refusals.get(method) ?? []), { subCode, subMsg }]);
  }

  /** The next call of `method` is carried out at once, but its answer leaves only when the test releases it. */
  holdNextAnswer(method: string): HeldAnswer {
    let arrived!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.held.set(method, { arrived, released });
    return { arrived: reached, release };
  }

  /** The next `times` calls of `method` are carried out but answered with a system error, as after a timeout. */
  loseNextAnswer(method: string, times = 1): void {
    this.lostAnswers.set(method, times);
  }

  private precreate(outTradeNo: string, biz: Record<string, string>, notifyUrl: string) {
    if (this.trades.get(outTradeNo)?.status === 'TRADE_CLOSED') return failed('ACQ.TRADE_HAS_CLOSE', '交易已关闭');
    let qr = this.qrs.get(outTradeNo);
    if (!qr) {
      qr = {
        outTradeNo,
        totalAmount: biz.total_amount ?? '0.00',
        subject: biz.subject ?? '',
        notifyUrl,
        token: randomBytes(12).toString('base64url'),
        createdAt: new Date(),
      };
      this.qrs.set(outTradeNo, qr);
      this.qrsByToken.set(qr.token, qr);
    }
    return { code: '10000', msg: 'Success', out_trade_no: outTradeNo, qr_code: this.qrCodeOf(qr) };
  }

  private cancel(outTradeNo: string) {
    if (!outTradeNo) return failed('ACQ.INVALID_PARAMETER', '参数无效');
    // Cancel exists for the merchant who does not know whether the trade came into being: an unscanned QR or a wap
    // link nobody opened is recorded closed, so that opening it later cannot pay.
    const qr = this.qrs.get(outTradeNo) ?? {
      outTradeNo,
      totalAmount: '0.00',
      subject: '',
      notifyUrl: '',
      token: randomBytes(12).toString('base64url'),
      createdAt: new Date(),
    };
    const trade = this.trades.get(outTradeNo) ?? this.open(qr, 'TRADE_CLOSED');
    let action = 'close';
    if (trade.status === 'TRADE_SUCCESS') {
      trade.refundedFen = toFen(trade.totalAmount);
      action = 'refund';
    }
    trade.status = 'TRADE_CLOSED';
    return {
      code: '10000',
      msg: 'Success',
      out_trade_no: outTradeNo,
      trade_no: trade.tradeNo,
      retry_flag: 'N',
      action,
    };
  }

  private refund(trade: SandboxTrade | undefined, biz: Record<string, string>) {
    if (!trade) return NOT_EXIST;
    const requestNo = biz.out_request_no ?? trade.outTradeNo;
    const amountFen = toFen(biz.refund_amount ?? '0');
    const answer = (fundChange: 'Y' | 'N') => ({
      code: '10000',
      msg: 'Success',
      out_trade_no: trade.outTradeNo,
      trade_no: trade.tradeNo,
      fund_change: fundChange,
      refund_fee: (trade.refundedFen / 100).toFixed(2),
    });
    const earlier = trade.refundRequests.get(requestNo);
    if (earlier !== undefined) {
      return earlier === amountFen ? answer('N') : failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额与原请求不一致');
    }
    if (trade.status !== 'TRADE_SUCCESS') return STATUS_ERROR;
    if (!(amountFen > 0) || trade.refundedFen + amountFen > toFen(trade.totalAmount)) {
      return failed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    }
    trade.refundRequests.set(requestNo, amountFen);
    trade.refundedFen += amountFen;
    if (trade.refundedFen === toFen(trade.totalAmount)) trade.status = 'TRADE_CLOSED';
    return answer('Y');
  }

  private open(qr: SandboxQr, status: SandboxStatus): SandboxTrade {
    const trade: SandboxTrade = {
      ...qr,
      tradeNo: `2026${Date.now()}${randomBytes(3).toString('hex')}`,
      status,
      refundedFen: 0,
      refundRequests: new Map(),
    };
    this.trades.set(qr.outTradeNo, trade);
    return trade;
  }

  private qrCodeOf(qr: SandboxQr): string {
    return `${this.publicBaseUrl}/dev/alipay/cashier?t=${qr.token}`;
  }

  /**
   * A browser opens a signed wap.pay link (GET on the gateway): the request is checked like any call, then the trade
   * comes into being waiting for payment — or the existing one is resumed when the content is the same, as Alipay
   * allows. A closed or paid trade, or other figures under the same out_trade_no, get Alipay's error page instead.
   */
  openWap(params: Record<string, string>): WapOpening {
    const refused = this.refusedRequest(params);
    if (refused) return { error: refused.sub_msg, subCode: refused.sub_code };
    if (params.method !== 'alipay.trade.wap.pay') return { error: '不支持的接口', subCode: 'isv.invalid-method' };
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    } catch {
      return { error: '参数有误', subCode: 'isv.invalid-parameter' };
    }
    const outTradeNo = biz.out_trade_no ?? '';
    const amount = biz.total_amount ?? '';
    if (biz.product_code !== 'QUICK_WAP_WAY' || !outTradeNo || !biz.subject || !/^\d+(\.\d{1,2})?$/.test(amount)) {
      return { error: '参数有误', subCode: 'ACQ.INVALID_PARAMETER' };
    }
    const expiresAt = biz.time_expire ? beijingEpochOf(biz.time_expire) : undefined;
    const earlier = this.trades.get(outTradeNo);
    if (earlier) this.expireIfDue(earlier);
    if (earlier?.status === 'TRADE_CLOSED') return { error: '交易已关闭', subCode: 'ACQ.TRADE_HAS_CLOSE' };
    if (earlier?.status === 'TRADE_SUCCESS') return { error: '交易已支付', subCode: 'ACQ.TRADE_HAS_SUCCESS' };
    if (earlier && (earlier.totalAmount !== amount || earlier.subject !== biz.subject)) {
      return { error: '交易信息被篡改', subCode: 'ACQ.CONTEXT_INCONSISTENT' };
    }
    if (expiresAt !== undefined && !(expiresAt > this.now()))
      return { error: '交易已关闭', subCode: 'ACQ.TRADE_HAS_CLOSE' };
    const request: SandboxQr = {
      outTradeNo,
      totalAmount: amount,
      subject: biz.subject,
      notifyUrl: params.notify_url ?? '',
      token: earlier?.token ?? randomBytes(12).toString('base64url'),
      createdAt: earlier?.createdAt ?? new Date(),
      returnUrl: params.return_url ?? '',
      quitUrl: biz.quit_url ?? '',
      ...(expiresAt !== undefined && { expiresAt }),
    };
    this.qrs.set(outTradeNo, request);
    this.qrsByToken.set(request.token, request);
    if (earlier) Object.assign(earlier, request);
    else this.open(request, 'WAIT_BUYER_PAY');
    this.save();
    return { token: request.token };
  }

  /** A wap trade past its time_expire closes unpaid, as Alipay closes it. */
  private expireIfDue(trade: SandboxTrade): void {
    if (trade.status === 'WAIT_BUYER_PAY' && trade.expiresAt !== undefined && trade.expiresAt <= this.now()) {
      trade.status = 'TRADE_CLOSED';
    }
  }

  /**
   * Alipay's synchronous return to the merchant's return_url after a wap payment: the parameters Alipay appends,
   * signed with its key. The merchant must not credit on them (anyone can type a URL); only the notification or a
   * query does.
   */
  returnUrlOf(trade: SandboxTrade): string {
    const params: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: trade.outTradeNo,
      method: 'alipay.trade.wap.pay.return',
      total_amount: trade.totalAmount,
      trade_no: trade.tradeNo,
      auth_app_id: this.keys.appId,
      version: '1.0',
      app_id: this.keys.appId,
      seller_id: '2088000000000001',
      timestamp: beijingDateTime(Date.now()),
    };
    const signed = { ...params, sign: rsa2Sign(signContent(params), this.keys.alipay.privateKey), sign_type: 'RSA2' };
    const url = new URL(trade.returnUrl ?? '');
    for (const [key, value] of Object.entries(signed)) url.searchParams.set(key, value);
    return url.toString();
  }

  /** The next `times` notification attempts are lost on the way (the merchant never receives them). */
  loseNextNotifications(times = 1): void {
    this.lostNotifications = times;
  }

  /** How many times the notification of a trade was attempted. */
  notificationAttempts(outTradeNo: string): number {
    return this.attempts.get(outTradeNo) ?? 0;
  }

  /** Resolves once the merchant has answered `success` to a notification of the trade. */
  acknowledged(outTradeNo: string): Promise<void> {
    return new Promise((resolve) => {
      this.acknowledgedWaiters.set(outTradeNo, [...(this.acknowledgedWaiters.get(outTradeNo) ?? []), resolve]);
    });
  }

  /**
   * Delivers a notification as Alipay does: at once, then again on Alipay's schedule (`notifyRetryMs`) until the
   * merchant answers `success` or the schedule runs out. Resolves with the first attempt's outcome.
   */
  async notify(trade: SandboxTrade, notification: Record<string, string>): Promise<boolean> {
    return this.attemptNotification(trade.outTradeNo, notification, 0);
  }

  /**
   * One attempt. The notification is owed from before the attempt until it is acknowledged, and kept in the state
   * file meanwhile: a crash of either side during the attempt leaves it due at once.
   */
  private async attemptNotification(
    outTradeNo: string,
    notification: Record<string, string>,
    retry: number,
  ): Promise<boolean> {
    this.attempts.set(outTradeNo, this.notificationAttempts(outTradeNo) + 1);
    this.pending.set(outTradeNo, { outTradeNo, notification, retry, dueAt: Date.now() });
    this.save();
    const lost = this.lostNotifications > 0;
    if (lost) this.lostNotifications -= 1;
    const trade = this.trades.get(outTradeNo);
    const delivered = !lost && trade !== undefined && (await this.deliver(trade, notification));
    if (delivered) {
      this.pending.delete(outTradeNo);
      for (const resolve of this.acknowledgedWaiters.get(outTradeNo) ?? []) resolve();
      this.acknowledgedWaiters.delete(outTradeNo);
    } else if (retry < this.notifyRetryMs.length) {
      const delay = this.notifyRetryMs[retry]!;
      this.pending.set(outTradeNo, { outTradeNo, notification, retry: retry + 1, dueAt: Date.now() + delay });
      this.scheduleRetry(outTradeNo, delay);
    } else {
      this.pending.delete(outTradeNo);
    }
    this.save();
    return delivered;
  }

  private scheduleRetry(outTradeNo: string, delay: number): void {
    clearTimeout(this.retryTimers.get(outTradeNo));
    const timer = setTimeout(() => {
      this.retryTimers.delete(outTradeNo);
      const entry = this.pending.get(outTradeNo);
      if (entry) void this.attemptNotification(outTradeNo, entry.notification, entry.retry);
    }, delay);
    timer.unref();
    this.retryTimers.set(outTradeNo, timer);
  }

  /** After a restart: the notifications still owed are retried when they fall due (at once when overdue). */
  resumeNotifications(): void {
    for (const entry of this.pending.values()) {
      if (!this.retryTimers.has(entry.outTradeNo))
        this.scheduleRetry(entry.outTradeNo, Math.max(0, entry.dueAt - Date.now()));
    }
  }

  /** Every notification still owed gets its next attempt now rather than on schedule (tests): delivered or not, by trade. */
  async retryPendingNotifications(): Promise<Record<string, boolean>> {
    const due = [...this.pending.values()];
    for (const entry of due) {
      clearTimeout(this.retryTimers.get(entry.outTradeNo));
      this.retryTimers.delete(entry.outTradeNo);
    }
    const outcomes = await Promise.all(
      due.map((entry) => this.attemptNotification(entry.outTradeNo, entry.notification, entry.retry)),
    );
    return Object.fromEntries(due.map((entry, i) => [entry.outTradeNo, outcomes[i]!]));
  }

  /** Stops the notification retries still scheduled (the host is closing). */
  stopRetries(): void {
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    this.retryTimers.clear();
  }

  /** The next `times` calls of `method` fail with Alipay's system error (`20000 isp.unknow-error`). */
  failNext(method: string, times = 1): void {
    this.outages.set(method, times);
  }

  /** The trade as Alipay knows it: undefined until someone scanned its QR. */
  trade(outTradeNo: string): SandboxTrade | undefined {
    return this.trades.get(outTradeNo);
  }

  /** A buyer scans the QR: the trade comes into being (waiting for payment), or the existing one is returned. */
  scan(outTradeNo: string): SandboxTrade | undefined {
    const qr = this.qrs.get(outTradeNo);
    if (!qr) return undefined;
    const known = this.trades.get(outTradeNo);
    if (known) return known;
    const opened = this.open(qr, 'WAIT_BUYER_PAY');
    this.save();
    return opened;
  }

  /** The cashier page's token is the QR's content: opening it is the scan. */
  scanToken(token: string): SandboxTrade | undefined {
    const qr = this.qrsByToken.get(token);
    const trade = qr ? this.scan(qr.outTradeNo) : undefined;
    if (trade) this.expireIfDue(trade);
    return trade;
  }

  /** The buyer pays: the trade succeeds and the signed notification Alipay would send is returned. */
  pay(trade: SandboxTrade): Record<string, string> {
    if (trade.status !== 'WAIT_BUYER_PAY') throw new Error(`trade ${trade.outTradeNo} is ${trade.status}`);
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = new Date();
    this.save();
    return this.notificationOf(trade);
  }

  /** A notification for the trade as it stands, signed like Alipay's asynchronous notifications. */
  notificationOf(trade: SandboxTrade, overrides: Record<string, string> = {}): Record<string, string> {
    const params: Record<string, string> = {
      notify_time: beijingDateTime(Date.now()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: this.keys.appId,
      charset: 'utf-8',
      version: '1.0',
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      receipt_amount: trade.totalAmount,
      buyer_pay_amount: trade.totalAmount,
      subject: trade.subject,
      gmt_create: beijingDateTime(trade.createdAt.getTime()),
      ...(trade.paidAt && { gmt_payment: beijingDateTime(trade.paidAt.getTime()) }),
      ...overrides,
    };
    const { sign_type: _ignored, ...signed } = params;
    return { ...params, sign_type: 'RSA2', sign: rsa2Sign(signContent(signed), this.keys.alipay.privateKey) };
  }

  /** Delivers a notification the way Alipay does: a form POST, retried by Alipay until it reads `success`. */
  async deliver(trade: SandboxTrade, notification: Record<string, string>): Promise<boolean> {
    try {
      const response = await fetch(trade.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams(notification).toString(),
      });
      return (await response.text()).trim() === 'success';
    } catch {
      return false;
    }
  }

  /** Where the cashier's 返回商家 leads: a paid wap trade returns with Alipay's parameters, others to quit_url. */
  private merchantLinkOf(trade: SandboxTrade): string | null {
    if (!trade.returnUrl) return null;
    return trade.status === 'TRADE_SUCCESS' ? this.returnUrlOf(trade) : trade.quitUrl || null;
  }

  cashierPage(trade: SandboxTrade | undefined, message?: string): string {
    if (!trade) return sandboxPage('<p class="muted">支付二维码无效或已过期，请回到创作者中心刷新二维码。</p>');
    const link = this.merchantLinkOf(trade);
    const back = link ? `<a class="back" href="${escapeMarkup(link)}">返回商家</a>` : '';
    const order = `<p class="muted small">订单号 ${escapeMarkup(trade.outTradeNo)}</p>`;
    if (trade.status !== 'WAIT_BUYER_PAY') {
      const done = trade.status === 'TRADE_SUCCESS';
      const hint = message ?? (link ? '' : '可以关闭此页面，回到创作者中心。');
      return sandboxPage(
        `<p class="state">${done ? '支付成功' : '交易已关闭'}</p>${order}${hint ? `<p class="muted">${escapeMarkup(hint)}</p>` : ''}${back}`,
      );
    }
    return sandboxPage(`<p class="muted">${escapeMarkup(trade.subject)}</p><p class="amount">¥${escapeMarkup(trade.totalAmount)}</p>${order}
<form method="post" action="/dev/alipay/cashier"><input type="hidden" name="t" value="${trade.token}">
<button name="action" value="pay" class="pay">确认支付</button><button name="action" value="decline" class="decline">取消支付</button></form>`);
  }

  /** Alipay's error page for a wap link it refuses (a closed or paid trade, a bad signature). */
  errorPage(opening: { error: string; subCode: string }): string {
    return sandboxPage(
      `<p class="state">${escapeMarkup(opening.error)}</p><p class="muted small">错误码 ${escapeMarkup(opening.subCode)}</p><p class="muted">请回到创作者中心查看订单状态。</p>`,
    );
  }
}

function sandboxPage(main: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>支付宝沙箱收银台</title><style>
body{margin:0;font-family:'Noto Sans CJK SC','PingFang SC',sans-serif;background:#f2f3f5;color:#1d2129}
header{background:#1677ff;color:#fff;padding:16px 20px;font-size:18px;font-weight:600}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:28px 24px;text-align:center}
@media (max-width:468px){main{margin:16px 12px}}
.amount{font-size:40px;font-weight:700;margin:8px 0 8px}.muted{color:#86909c}.small{font-size:13px;margin-bottom:24px;word-break:break-all}
.state{font-size:22px;font-weight:600}
button,.back{display:block;box-sizing:border-box;width:100%;height:44px;line-height:44px;border:0;border-radius:8px;font-size:16px;margin-top:12px;cursor:pointer;text-decoration:none}
.pay{background:#1677ff;color:#fff}.decline{background:#f2f3f5;color:#4e5969}.back{background:#1677ff;color:#fff}
footer{text-align:center;color:#86909c;font-size:12px}</style></head>
<body><header>支付宝沙箱收银台</header><main>${main}</main><footer>开发环境沙箱：不会产生真实扣款</footer></body></html>`;
}

const cashierForm = z.object({ t: z.string().max(64), action: z.enum(['pay', 'decline']) });

/**
 * Mounts the gateway and the cashier page from their entries (`alipaySandboxApi`, guard `local`). Their inputs are
 * Alipay's protocol, read here as the real gateway would, so the entries carry no schemas. The host app must parse
 * form bodies.
 */
export function registerAlipaySandbox(app: FastifyInstance, sandbox: AlipaySandbox): void {
  const html = (reply: FastifyReply, page: string) => reply.type('text/html; charset=utf-8').send(page);
  const fields = (value: unknown) => (value ?? {}) as Record<string, string>;
  app.addHook('onClose', async () => sandbox.stopRetries());
  // Notifications owed from before a restart go out once the host (the merchant, in development) listens again.
  app.addHook('onListen', async () => sandbox.resumeNotifications());

  route(app, alipaySandboxApi.gateway, async (request, reply) => {
    const answer = await sandbox.answer({ ...fields(request.query), ...fields(request.body) });
    return reply.type('application/json;charset=utf-8').send(answer);
  });

  // The page calls (wap.pay): the browser follows the signed link alipay-sdk's pageExecute built.
  route(app, alipaySandboxApi.wapOpen, async (request, reply) => {
    const opening = sandbox.openWap(fields(request.query));
    if ('error' in opening) return html(reply, sandbox.errorPage(opening));
    return reply.redirect(`/dev/alipay/cashier?t=${encodeURIComponent(opening.token)}`, 302);
  });

  route(app, alipaySandboxApi.cashier, async (request, reply) => {
    const token = String(fields(request.query).t ?? '');
    return html(reply, sandbox.cashierPage(sandbox.scanToken(token)));
  });

  route(app, alipaySandboxApi.cashierAction, async (request, reply) => {
    const parsed = cashierForm.safeParse(request.body);
    const trade = parsed.success ? sandbox.scanToken(parsed.data.t) : undefined;
    if (!parsed.success || !trade) return html(reply, sandbox.cashierPage(undefined));
    const wap = Boolean(trade.returnUrl);
    if (trade.status === 'WAIT_BUYER_PAY') {
      if (parsed.data.action === 'decline') {
        // The wap cashier's 取消 goes back to the merchant (quit_url); the trade stays payable until it expires.
        if (wap && trade.quitUrl) return reply.redirect(trade.quitUrl, 303);
        return html(reply, sandbox.cashierPage(trade, '您已取消支付，可回到创作者中心重新扫码。'));
      }
      const delivered = await sandbox.notify(trade, sandbox.pay(trade));
      if (!delivered) request.log.warn({ outTradeNo: trade.outTradeNo }, 'sandbox notification not acknowledged');
    }
    // A paid wap trade sends the browser back with Alipay's return parameters, however often 确认支付 was pressed.
    if (wap && trade.status === 'TRADE_SUCCESS') return reply.redirect(sandbox.returnUrlOf(trade), 303);
    return html(reply, sandbox.cashierPage(trade));
  });
}
