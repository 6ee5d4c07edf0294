/**
 * Payments through `alipay-sdk` (RSA2): precreate a QR, query a trade, close it, verify notifications. The same
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

  /** Closes an unpaid trade; a trade that does not exist or is already closed counts as closed. */
  async close(outTradeNo: string): Promise<void> {
    const result = await this.call('alipay.trade.close', { out_trade_no: outTradeNo });
    if (result.code === '10000') return;
    if (result.subCode === 'ACQ.TRADE_NOT_EXIST') return;
    throw new AlipayError(`close refused: ${result.code} ${result.subCode ?? ''}`);
  }

  verifyNotify(params: Record<string, string>): boolean {
    return this.sdk.checkNotifySign(params);
  }
}
