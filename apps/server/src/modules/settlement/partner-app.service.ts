/**
 * Partner apps' credentials and the open API's signature check. A secret is needed in clear to verify an HMAC, so
 * it is kept encrypted (AES-256-GCM under a key derived from APP_SECRET), never hashed (ADR 0012).
 */
import { fenToYuan, yuanToFen, type PartnerAppLimits } from '@cc/contracts';
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { appError } from '../../errors.js';
import type { PartnerAppRepository } from './partner-app.repository.js';

/** How far `x-timestamp` may be from our clock, either way. */
export const OPEN_API_CLOCK_SKEW_MS = 5 * 60_000;

/** What an app's reported orders must respect; an app's own values replace these. */
export interface OrderLimits {
  /** A larger recharge or ad-revenue order is held for an operator. */
  maxAmountFen: number;
  /** An order placed longer ago than this is held for an operator. */
  maxAgeDays: number;
  /** An order placed further than this ahead of our clock is refused. */
  futureSkewSeconds: number;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = { maxAmountFen: 1_000_000, maxAgeDays: 90, futureSkewSeconds: 300 };

export interface SignedRequest {
  appKey: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
}

/** Lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>`: what a partner app sends as `x-signature`. */
export function signOpenRequest(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export class PartnerAppService {
  private readonly key: Buffer;

  constructor(
    private readonly apps: PartnerAppRepository,
    private readonly clock: Clock,
    appSecret: string,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'cc-partner-apps', 'partner app secrets v1', 32));
  }

  /** The app a request is signed by, or the error that refuses it (nothing is read from the body before this). */
  async verify(request: SignedRequest): Promise<number> {
    const app = request.appKey ? await this.apps.byKey(request.appKey) : undefined;
    if (!app) throw appError('openAppKeyUnknown');
    const seconds = /^\d{1,12}$/.test(request.timestamp ?? '') ? Number(request.timestamp) : Number.NaN;
    if (!(Math.abs(this.clock.now() - seconds * 1000) <= OPEN_API_CLOCK_SKEW_MS)) {
      throw appError('openTimestampInvalid');
    }
    const expected = Buffer.from(signOpenRequest(this.decrypt(app.secret_enc), request.timestamp!, request.rawBody));
    const given = Buffer.from(request.signature ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw appError('openSignatureInvalid');
    return app.app_id;
  }

  /** Every app with its key and secret, giving credentials to apps that have none yet. */
  async list(): Promise<{ app_id: number; key: string; name: string; webhook_secret: string }[]> {
    let rows = await this.apps.listWithApps();
    if (rows.some((r) => r.app_key === null)) {
      for (const row of rows) if (row.app_key === null) await this.issue(row.app_id);
      rows = await this.apps.listWithApps();
    }
    return rows.map((r) => ({
      app_id: r.app_id,
      key: r.app_key ?? '',
      name: r.name,
      webhook_secret: r.secret_enc ? this.decrypt(r.secret_enc) : '',
    }));
  }

  /** Refuses an app id that is not in the catalogue. */
  async assertExists(appId: number): Promise<void> {
    if (!(await this.apps.appExists(appId))) throw appError('openAppNotFound');
  }

  /** The limits on the app's reported orders (the defaults for an app that never had credentials). */
  async limitsOf(appId: number): Promise<OrderLimits> {
    const row = await this.apps.limits(appId);
    if (!row) return DEFAULT_ORDER_LIMITS;
    return {
      maxAmountFen: Number(row.max_amount_fen),
      maxAgeDays: row.max_age_days,
      futureSkewSeconds: row.future_skew_seconds,
    };
  }

  async limits(appId: number): Promise<PartnerAppLimits & { app_id: number }> {
    await this.assertExists(appId);
    const limits = await this.limitsOf(appId);
    return {
      app_id: appId,
      max_amount: fenToYuan(limits.maxAmountFen),
      max_age_days: limits.maxAgeDays,
      future_skew_seconds: limits.futureSkewSeconds,
    };
  }

  /** Replaces the app's limits (giving it credentials first if it has none: the limits live beside them). */
  async setLimits(appId: number, limits: PartnerAppLimits): Promise<PartnerAppLimits & { app_id: number }> {
    await this.assertExists(appId);
    await this.issue(appId);
    await this.apps.setLimits(appId, {
      max_amount_fen: yuanToFen(limits.max_amount),
      max_age_days: limits.max_age_days,
      future_skew_seconds: limits.future_skew_seconds,
    });
    return this.limits(appId);
  }

  /** A new secret for the app (the key stays); the old one stops working at once. */
  async rotate(appId: number): Promise<{ app_id: number; key: string; webhook_secret: string }> {
    await this.assertExists(appId);
    await this.issue(appId);
    const secret = newSecret();
    await this.apps.replaceSecret(appId, this.encrypt(secret), this.clock.now());
    const { app_key: key } = await this.apps.byAppId(appId);
    return { app_id: appId, key, webhook_secret: secret };
  }

  private async issue(appId: number): Promise<void> {
    await this.apps.insertIfMissing({
      app_id: appId,
      app_key: `ak_${randomBytes(12).toString('hex')}`,
      secret_enc: this.encrypt(newSecret()),
      created_at: this.clock.now(),
    });
  }

  private encrypt(secret: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  private decrypt(stored: string): string {
    const data = Buffer.from(stored, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  }
}

const newSecret = () => `sk_${randomBytes(32).toString('hex')}`;
