/**
 * The Alipay sandbox: a development gateway that speaks Alipay's OpenAPI (precreate, query, close, cancel, refund,
 * fund transfer and its query; RSA2-signed requests checked, and their Beijing `timestamp`; responses and
 * notifications signed with its own key pair), in public-key mode or certificate mode (it issues the certificates and
 * checks their SNs as Alipay does), and a cashier page, '支付宝沙箱收银台', where a tester pays or declines what the
 * QR code points to. The server reaches it through alipay-sdk exactly as it reaches Alipay.
 */
import { beijingDateTime } from '../../beijing-time.js';
import { escapeMarkup } from '../../escape-markup.js';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
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

/** A precreated QR: Alipay keeps the request, but the trade itself only comes into being when a buyer scans it. */
interface SandboxQr {
  outTradeNo: string;
  totalAmount: string;
  subject: string;
  notifyUrl: string;
  token: string;
  createdAt: Date;
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

/** Epoch ms of an Alipay `yyyy-MM-dd HH:mm:ss` read as Beijing time; NaN when it is not one. */
function beijingEpochOf(timestamp: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(timestamp);
  if (!m) return NaN;
  const [, y, mo, d, h, mi, se] = m.map(Number) as [number, number, number, number, number, number, number];
  return Date.UTC(y, mo - 1, d, h, mi, se) - 8 * 3600_000;
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

  constructor(
    readonly keys: SandboxKeys,
    /** Where QR codes point (the cashier page's origin). */
    private readonly publicBaseUrl: string,
  ) {}

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
    const qr = this.qrs.get(outTradeNo);
    if (!qr) return NOT_EXIST;
    // Cancelling an unscanned QR creates the trade closed, so that scanning it later cannot pay.
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
    return this.trades.get(outTradeNo) ?? this.open(qr, 'WAIT_BUYER_PAY');
  }

  /** The cashier page's token is the QR's content: opening it is the scan. */
  scanToken(token: string): SandboxTrade | undefined {
    const qr = this.qrsByToken.get(token);
    return qr ? this.scan(qr.outTradeNo) : undefined;
  }

  /** The buyer pays: the trade succeeds and the signed notification Alipay would send is returned. */
  pay(trade: SandboxTrade): Record<string, string> {
    if (trade.status !== 'WAIT_BUYER_PAY') throw new Error(`trade ${trade.outTradeNo} is ${trade.status}`);
    trade.status = 'TRADE_SUCCESS';
    trade.paidAt = new Date();
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

  cashierPage(trade: SandboxTrade | undefined, message?: string): string {
    const body = !trade
      ? '<p class="muted">支付二维码无效或已过期，请回到创作者中心刷新二维码。</p>'
      : trade.status !== 'WAIT_BUYER_PAY'
        ? `<p class="state">${trade.status === 'TRADE_SUCCESS' ? '支付成功' : '交易已关闭'}</p><p class="muted">${escapeMarkup(message ?? '可以关闭此页面，回到创作者中心。')}</p>`
        : `<p class="muted">${escapeMarkup(trade.subject)}</p><p class="amount">¥${escapeMarkup(trade.totalAmount)}</p>
<form method="post" action="/dev/alipay/cashier"><input type="hidden" name="t" value="${trade.token}">
<button name="action" value="pay" class="pay">确认支付</button><button name="action" value="decline" class="decline">取消支付</button></form>`;
    return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>支付宝沙箱收银台</title><style>
body{margin:0;font-family:'Noto Sans CJK SC','PingFang SC',sans-serif;background:#f2f3f5;color:#1d2129}
header{background:#1677ff;color:#fff;padding:16px 20px;font-size:18px;font-weight:600}
main{max-width:420px;margin:24px auto;background:#fff;border-radius:12px;padding:28px 24px;text-align:center}
.amount{font-size:40px;font-weight:700;margin:8px 0 24px}.muted{color:#86909c}.state{font-size:22px;font-weight:600}
button{display:block;width:100%;height:44px;border:0;border-radius:8px;font-size:16px;margin-top:12px;cursor:pointer}
.pay{background:#1677ff;color:#fff}.decline{background:#f2f3f5;color:#4e5969}
footer{text-align:center;color:#86909c;font-size:12px}</style></head>
<body><header>支付宝沙箱收银台</header><main>${body}</main><footer>开发环境沙箱：不会产生真实扣款</footer></body></html>`;
  }
}

const cashierForm = z.object({ t: z.string().max(64), action: z.enum(['pay', 'decline']) });

/** Mounts the gateway and the cashier page. The host app must parse form bodies. */
export function registerAlipaySandbox(app: FastifyInstance, sandbox: AlipaySandbox): void {
  app.post('/dev/alipay/gateway.do', async (request, reply) => {
    const query = request.query as Record<string, string>;
    const body = (request.body ?? {}) as Record<string, string>;
    return reply.type('application/json;charset=utf-8').send(await sandbox.answer({ ...query, ...body }));
  });

  app.get('/dev/alipay/cashier', async (request, reply) => {
    const token = String((request.query as Record<string, string>).t ?? '');
    return reply.type('text/html; charset=utf-8').send(sandbox.cashierPage(sandbox.scanToken(token)));
  });

  app.post('/dev/alipay/cashier', async (request, reply) => {
    const parsed = cashierForm.safeParse(request.body);
    const trade = parsed.success ? sandbox.scanToken(parsed.data.t) : undefined;
    if (!parsed.success || !trade) return reply.type('text/html; charset=utf-8').send(sandbox.cashierPage(undefined));
    if (trade.status === 'WAIT_BUYER_PAY') {
      if (parsed.data.action === 'pay') {
        const delivered = await sandbox.deliver(trade, sandbox.pay(trade));
        if (!delivered) request.log.warn({ outTradeNo: trade.outTradeNo }, 'sandbox notification not acknowledged');
      } else {
        return reply
          .type('text/html; charset=utf-8')
          .send(sandbox.cashierPage(trade, '您已取消支付，可回到创作者中心重新扫码。'));
      }
    }
    return reply.type('text/html; charset=utf-8').send(sandbox.cashierPage(trade));
  });
}
