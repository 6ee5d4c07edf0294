/**
 * Payments through `alipay-sdk` (RSA2): precreate a QR, query a trade, cancel it, refund it, verify notifications. The same
 * client talks to Alipay in production and to the built-in sandbox gateway in development.
 */
import { AlipaySdk } from 'alipay-sdk';

export interface AlipayClientOptions {
  appId: string;
  privateKey: string;
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
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
  ) {
    super(`${method} refused: ${code} ${subCode}`);
  }
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

  constructor(private readonly options: AlipayClientOptions) {
    this.sdk = new AlipaySdk({
      appId: options.appId,
      privateKey: options.privateKey,
      alipayPublicKey: options.alipayPublicKey,
      gateway: options.gateway,
      signType: 'RSA2',
      keyType: options.privateKey.includes('BEGIN PRIVATE KEY') ? 'PKCS8' : 'PKCS1',
      timeout: 10_000,
    });
  }

  get appId(): string {
    return this.options.appId;
  }

  private async call(method: string, bizContent: Record<string, string>, withNotify = false): Promise<GatewayResult> {
    let result: GatewayResult;
    try {
      result = (await this.sdk.exec(
        method,
        { bizContent, ...(withNotify && { notify_url: this.options.notifyUrl }) },
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
