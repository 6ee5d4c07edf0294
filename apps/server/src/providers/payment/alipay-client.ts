/**
 * Payments through `alipay-sdk` (RSA2): precreate a QR, sign the mobile-browser cashier's address (wap.pay), query a trade, cancel it, refund it, transfer to an Alipay
 * account and query the transfer, verify notifications. Public-key mode or public-key certificate mode (公钥证书,
 * which Alipay requires for transfers). The same client talks to Alipay in production and to the built-in sandbox
 * gateway in development.
 */
import { AlipaySdk, type AlipaySdkConfig } from 'alipay-sdk';
import { beijingDateTime } from '../../beijing-time.js';

/** Alipay's own keys: its public key (public-key mode) or its certificates (certificate mode), PEM contents. */
export type AlipayTrust =
  | { mode: 'key'; alipayPublicKey: string }
  | { mode: 'cert'; appCert: string; alipayPublicCert: string; alipayRootCert: string };

export interface AlipayClientOptions {
  appId: string;
  privateKey: string;
  trust: AlipayTrust;
  gateway: string;
  /**
   * The gateway as a buyer's browser reaches it, for the page calls (wap.pay); the server's `gateway` when unset. The
   * development sandbox differs: the server calls it on loopback, a phone opens it at the public address.
   */
  pageGateway?: string;
  notifyUrl: string;
}

/** One payment through Alipay's mobile-browser cashier (手机网站支付, alipay.trade.wap.pay). */
export interface WapPayInput {
  outTradeNo: string;
  amountYuan: string;
  subject: string;
  /** Epoch ms after which Alipay no longer lets the buyer pay (time_expire): the order's own window. */
  expiresAt: number;
  /** Where the browser returns once paid (Alipay appends its signed return parameters). */
  returnUrl: string;
  /** Where the cashier's 返回商家 leads when the buyer gives up. */
  quitUrl: string;
}

/**
 * Sub codes of `alipay.fund.trans.uni.transfer` that mean "not paid, and this out_biz_no never will be": the payee
 * or the amount or our own account was refused before any money moved (ADR 0013). Every other answer — SYSTEM_ERROR,
 * PAYMENT_INFO_INCONSISTENCY (that out_biz_no exists with other figures), unknown codes — leaves the outcome open.
 */
export const DEFINITIVE_TRANSFER_REFUSALS: ReadonlySet<string> = new Set([
  'PAYEE_NOT_EXIST',
  'PAYEE_USER_INFO_ERROR',
  'PAYEE_ACCOUNT_STATUS_ERROR',
  'PAYEE_ACC_OCUPIED',
  'PERMIT_CHECK_PERM_IDENTITY_THEFT',
  'PERMIT_NON_BANK_LIMIT_PAYEE',
  'NO_ACCOUNT_RECEIVE_PERMISSION',
  'PAYER_PAYEE_CANNOT_SAME',
  'EXCEED_LIMIT_SM_MIN_AMOUNT',
  'EXCEED_LIMIT_SM_AMOUNT',
  'EXCEED_LIMIT_PERSONAL_SM_AMOUNT',
  'EXCEED_LIMIT_DM_AMOUNT',
  'EXCEED_LIMIT_MM_AMOUNT',
  'PAYER_BALANCE_NOT_ENOUGH',
  'PAYER_STATUS_ERROR',
  'PAYER_CERT_EXPIRED',
  'PERMIT_PAYER_FORBIDDEN',
  'PERMIT_CHECK_PERM_LIMITED',
]);

function trustConfig(trust: AlipayTrust): Partial<AlipaySdkConfig> {
  return trust.mode === 'key'
    ? { alipayPublicKey: trust.alipayPublicKey }
    : {
        appCertContent: trust.appCert,
        alipayPublicCertContent: trust.alipayPublicCert,
        alipayRootCertContent: trust.alipayRootCert,
      };
}

export interface TradeQuery {
  tradeStatus: string;
  totalAmount: string;
  tradeNo: string;
}

export class AlipayError extends Error {
  override name = 'AlipayError';
}

/** Alipay answered and said no: `subCode` tells why (a network failure is a plain AlipayError instead). */
export class AlipayRefusal extends AlipayError {
  override name = 'AlipayRefusal';
  constructor(
    method: string,
    readonly code: string,
    readonly subCode: string,
    readonly subMsg = '',
  ) {
    super(`${method} refused: ${code} ${subCode}`);
  }
}

export interface TransferInput {
  outBizNo: string;
  amountYuan: string;
  /** Alipay login (phone or e-mail) of the payee. */
  payeeAccount: string;
  /** The payee's verified legal name; Alipay refuses a transfer when it does not match the account. */
  payeeName: string;
  title: string;
}

export interface TransferResult {
  /** SUCCESS, DEALING (under way) or FAIL. */
  status: string;
  orderId: string;
  failReason: string;
}

function toTransferResult(result: GatewayResult): TransferResult {
  return {
    status: String(result.status ?? ''),
    orderId: String(result.orderId ?? ''),
    failReason: String(result.failReason ?? ''),
  };
}

interface GatewayResult {
  code?: string;
  msg?: string;
  subCode?: string;
  subMsg?: string;
  [key: string]: unknown;
}

export class AlipayClient {
  private readonly sdk: AlipaySdk;
  /** The same merchant, addressed at the gateway the buyer's browser opens. */
  private readonly pageSdk: AlipaySdk;

  constructor(private readonly options: AlipayClientOptions) {
    const sdkConfig = (gateway: string): AlipaySdkConfig => ({
      appId: options.appId,
      privateKey: options.privateKey,
      ...trustConfig(options.trust),
      gateway,
      signType: 'RSA2',
      keyType: options.privateKey.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1',
      timeout: 10_000,
    });
    this.sdk = new AlipaySdk(sdkConfig(options.gateway));
    this.pageSdk = new AlipaySdk(sdkConfig(options.pageGateway ?? options.gateway));
  }

  get appId(): string {
    return this.options.appId;
  }

  private async call(method: string, bizContent: Record<string, unknown>, withNotify = false): Promise<GatewayResult> {
    let result: GatewayResult;
    try {
      result = (await this.sdk.exec(
        method,
        {
          bizContent,
          // alipay-sdk 4 formats the server's local time; Alipay wants Beijing time whatever the server's zone.
          // Real time, not the app's clock: it is what Alipay compares with its own.
          timestamp: beijingDateTime(Date.now()),
          ...(withNotify && { notify_url: this.options.notifyUrl }),
        },
        { validateSign: true },
      )) as GatewayResult;
    } catch (error) {
      throw new AlipayError(`${method} failed: ${(error as Error).message}`);
    }
    return result;
  }

  /** A QR code string for `amountYuan`; the buyer scans it to pay. */
  async precreate(outTradeNo: string, amountYuan: string, subject: string, timeoutMinutes: number): Promise<string> {
    const result = await this.call(
      'alipay.trade.precreate',
      { out_trade_no: outTradeNo, total_amount: amountYuan, subject, timeout_express: `${timeoutMinutes}m` },
      true,
    );
    if (result.code !== '10000' || typeof result.qrCode !== 'string') {
      throw new AlipayError(
        `precreate refused: ${result.code} ${result.subCode ?? ''} ${result.subMsg ?? result.msg ?? ''}`,
      );
    }
    return result.qrCode;
  }

  /**
   * The signed address of Alipay's mobile-browser cashier for one trade (`alipay.trade.wap.pay`, product
   * QUICK_WAP_WAY), built by alipay-sdk's `pageExecute` as a GET link: the browser opens it, Alipay's cashier (or the
   * Alipay app) takes the payment, redirects to `returnUrl` and notifies `notify_url`. Nothing is sent from here; the
   * trade comes into being at Alipay when the buyer opens the link. The same trade may be opened again with the same
   * content, so the link is signed afresh whenever it is shown (its timestamp must be recent).
   */
  wapPayUrl(input: WapPayInput): string {
    return this.pageSdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      bizContent: {
        out_trade_no: input.outTradeNo,
        total_amount: input.amountYuan,
        subject: input.subject,
        product_code: 'QUICK_WAP_WAY',
        time_expire: beijingDateTime(input.expiresAt),
        quit_url: input.quitUrl,
      },
      returnUrl: input.returnUrl,
      notifyUrl: this.options.notifyUrl,
      timestamp: beijingDateTime(Date.now()),
    });
  }

  /** The trade's state, or null when Alipay has no such trade (nobody scanned yet). */
  async query(outTradeNo: string): Promise<TradeQuery | null> {
    const result = await this.call('alipay.trade.query', { out_trade_no: outTradeNo });
    if (result.code === '40004' && result.subCode === 'ACQ.TRADE_NOT_EXIST') return null;
    if (result.code !== '10000') throw new AlipayError(`query refused: ${result.code} ${result.subCode ?? ''}`);
    return {
      tradeStatus: String(result.tradeStatus),
      totalAmount: String(result.totalAmount),
      tradeNo: String(result.tradeNo ?? ''),
    };
  }

  /**
   * Ends a QR trade for good with `alipay.trade.cancel`. Unlike `close`, it also covers a trade nobody has scanned
   * yet (Alipay then records it as closed, so a later scan cannot pay it) — and a trade that was paid meanwhile is
   * refunded in full by Alipay (`action: 'refund'`).
   */
  async cancel(outTradeNo: string): Promise<{ action: 'close' | 'refund' | 'none' }> {
    const result = await this.call('alipay.trade.cancel', { out_trade_no: outTradeNo });
    if (result.code !== '10000' || result.retryFlag === 'Y') {
      throw new AlipayError(`cancel refused: ${result.code} ${result.subCode ?? ''} retry=${String(result.retryFlag)}`);
    }
    const action = result.action === 'refund' ? 'refund' : result.action === 'close' ? 'close' : 'none';
    return { action };
  }

  /**
   * Refunds `amountYuan` of a paid trade. `outRequestNo` makes it idempotent: the same request number never refunds
   * twice. Refusals carry Alipay's sub code (`ACQ.TRADE_STATUS_ERROR` when the trade is no longer refundable).
   */
  async refund(outTradeNo: string, amountYuan: string, outRequestNo: string, reason: string): Promise<void> {
    const result = await this.call('alipay.trade.refund', {
      out_trade_no: outTradeNo,
      refund_amount: amountYuan,
      out_request_no: outRequestNo,
      refund_reason: reason,
    });
    if (result.code !== '10000') {
      throw new AlipayRefusal('refund', String(result.code ?? ''), String(result.subCode ?? ''));
    }
  }

  /**
   * Pays `amountYuan` to an Alipay account with `alipay.fund.trans.uni.transfer` (单笔转账到支付宝账户).
   * `outBizNo` makes it idempotent: Alipay pays one out_biz_no at most once and answers a repeat with the
   * first transfer. A refusal that is final (`DEFINITIVE_TRANSFER_REFUSALS`: bad payee, amount out of limits, …)
   * is an `AlipayRefusal` with Alipay's sub code; any other refusal, a network failure or a system error is a plain
   * `AlipayError`, whose outcome is unknown until `transferQuery`.
   */
  async transfer(input: TransferInput): Promise<TransferResult> {
    const result = await this.call('alipay.fund.trans.uni.transfer', {
      out_biz_no: input.outBizNo,
      trans_amount: input.amountYuan,
      product_code: 'TRANS_ACCOUNT_NO_PWD',
      biz_scene: 'DIRECT_TRANSFER',
      order_title: input.title,
      payee_info: { identity: input.payeeAccount, identity_type: 'ALIPAY_LOGON_ID', name: input.payeeName },
      remark: input.title,
    });
    if (result.code === '10000') return toTransferResult(result);
    if (result.code === '40004' && DEFINITIVE_TRANSFER_REFUSALS.has(String(result.subCode))) {
      throw new AlipayRefusal(
        'transfer',
        String(result.code),
        String(result.subCode ?? ''),
        String(result.subMsg ?? ''),
      );
    }
    throw new AlipayError(`transfer failed: ${result.code ?? ''} ${result.subCode ?? ''}`);
  }

  /** The transfer of `outBizNo` as Alipay knows it (`alipay.fund.trans.common.query`), or null when it has none. */
  async transferQuery(outBizNo: string): Promise<TransferResult | null> {
    const result = await this.call('alipay.fund.trans.common.query', {
      out_biz_no: outBizNo,
      product_code: 'TRANS_ACCOUNT_NO_PWD',
      biz_scene: 'DIRECT_TRANSFER',
    });
    if (result.code === '40004' && result.subCode === 'ORDER_NOT_EXIST') return null;
    if (result.code !== '10000')
      throw new AlipayError(`transfer query refused: ${result.code} ${result.subCode ?? ''}`);
    return toTransferResult(result);
  }

  /**
   * Verifies an asynchronous notification on its raw (already form-decoded) values, so a literal `%` in a field
   * does not break it. Anything malformed — an unknown sign type, a sign that is no base64 — is simply false.
   */
  verifyNotify(params: Record<string, string>): boolean {
    try {
      return this.sdk.checkNotifySignV2(params);
    } catch {
      return false;
    }
  }
}
