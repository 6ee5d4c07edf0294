/**
 * SMS verification codes: issue within the budget of their purpose (per phone and per IP; README "SMS budgets"),
 * check without consuming, and consume. A code is 6 digits, lives 5 minutes, is stored only as an HMAC, is single
 * use, and burns after 5 wrong tries. Each phone's work is serialised by a lock so concurrent sends cannot slip
 * past a limit. Purposes never share a budget: money codes cannot use up the login codes.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  SMS_CODE_LENGTH,
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_SECONDS,
  SMS_BUDGETS,
  SMS_MONEY_LIMIT_PER_DAY,
  SmsType,
  maskPhone,
  type SendCodeResponse,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { beijingDayOf, dayStartMs } from '../../beijing-time.js';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { SmsDriver } from '../../providers/sms/sms-driver.js';
import type { SmsCodeRepository } from './sms-code.repository.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Midnight in Asia/Shanghai (no daylight saving) of the day containing `now`: the daily limit resets there. */
export function shanghaiDayStart(now: number): number {
  return dayStartMs(beijingDayOf(now));
}

export type CheckOutcome = 'ok' | 'invalid' | 'burned';

const MONEY_PURPOSES: ReadonlySet<SmsType> = new Set([SmsType.Bank, SmsType.Alipay, SmsType.Wallet, SmsType.Contract]);

/** Codes that guard money: payee accounts, wallet payments, withdrawals and the agreement (ADR 0026). */
export function isMoneyPurpose(type: SmsType): boolean {
  return MONEY_PURPOSES.has(type);
}

export interface SendContext {
  ip: string;
  vendor: string;
}

export class SmsCodeService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly codes: SmsCodeRepository,
    private readonly driver: SmsDriver,
    private readonly clock: Clock,
    private readonly options: { secret: string; perIpPerHour: number; perIpPerDay: number; log: FastifyBaseLogger },
  ) {}

  async send(phone: string, type: SmsType, context: SendContext): Promise<SendCodeResponse> {
    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const now = this.clock.now();
    const id = await this.database.db.transaction().execute(async (trx) => {
      await lockKey(trx, this.database.kind, `sms:${phone}`);
      await this.enforceLimits(trx, phone, type, context.ip, now);
      await this.codes.retireLive(trx, phone, type, now);
      return this.codes.insert(trx, {
        phone,
        type,
        code_hash: this.hash(phone, type, code),
        ip: context.ip,
        vendor: context.vendor,
        created_at: now,
        expires_at: now + SMS_CODE_TTL_SECONDS * 1000,
      });
    });
    try {
      await this.driver.sendCode({ phone, type, code });
    } catch (error) {
      // A code the user never received must neither count against their limits nor stay valid.
      await this.database.db.transaction().execute((trx) => this.codes.delete(trx, id));
      this.options.log.error({ err: error, phone: maskPhone(phone), type }, 'SMS delivery failed');
      throw appError('smsSendFailed');
    }
    return { expires_in: SMS_CODE_TTL_SECONDS, resend_in: SMS_BUDGETS[type].cooldownSeconds };
  }

  /** Checks a code without using it up (before bank, alipay and wallet actions); wrong tries still count. */
  async verify(phone: string, type: SmsType, code: string): Promise<void> {
    const outcome = await this.database.db.transaction().execute(async (trx) => {
      await lockKey(trx, this.database.kind, `sms:${phone}`);
      return this.check(trx, phone, type, code, { consume: false });
    });
    throwUnlessOk(outcome);
  }

  /**
   * Checks and, when right and asked to, consumes a code inside the caller's transaction. Returns the outcome
   * instead of throwing so the caller can commit the wrong-try count before answering the error.
   * The caller holds the phone's lock (`lockPhone`).
   */
  async check(
    trx: Transaction<Database>,
    phone: string,
    type: SmsType,
    code: string,
    options: { consume: boolean },
  ): Promise<CheckOutcome> {
    const now = this.clock.now();
    const live = await this.codes.findLive(trx, phone, type);
    if (!live || live.expires_at <= now) return 'invalid';
    if (live.attempts >= SMS_CODE_MAX_ATTEMPTS) return 'burned';
    const expected = Buffer.from(live.code_hash, 'hex');
    const given = Buffer.from(this.hash(phone, type, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const attempts = await this.codes.recordWrongAttempt(trx, live.id);
      return attempts >= SMS_CODE_MAX_ATTEMPTS ? 'burned' : 'invalid';
    }
    if (options.consume) await this.codes.consume(trx, live.id, now);
    return 'ok';
  }

  /**
   * Forgets every code sent to the phone, so its budgets start afresh and no code of it is valid any more: what an
   * operator does for a person a limit has locked out, and what the demo seed does after logging its creators in.
   */
  async forgetCodesOf(phone: string): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      await lockKey(trx, this.database.kind, `sms:${phone}`);
      await this.codes.deleteForPhone(trx, phone);
    });
  }

  lockPhone(trx: Transaction<Database>, phone: string): Promise<void> {
    return lockKey(trx, this.database.kind, `sms:${phone}`);
  }

  /** The budget of this purpose for this phone and this IP, and the money purposes' daily total per phone. */
  private async enforceLimits(trx: Transaction<Database>, phone: string, type: SmsType, ip: string, now: number) {
    const budget = SMS_BUDGETS[type];
    const dayStart = shanghaiDayStart(now);
    const sent = await this.codes.sendsForPhone(trx, phone, Math.min(dayStart, now - HOUR));
    const ofPurpose = sent.filter((s) => s.type === type).map((s) => s.created_at);
    const since = (t: number) => ofPurpose.filter((at) => at > t).length;
    const last = ofPurpose[0];
    if (last !== undefined && now - last < budget.cooldownSeconds * 1000) {
      const wait = Math.ceil((last + budget.cooldownSeconds * 1000 - now) / 1000);
      throw appError('smsPerMinute', `验证码发送太频繁，请${wait}秒后再试`);
    }
    if (since(now - HOUR) >= budget.perHour) throw appError('smsPerHour');
    if (since(dayStart) >= budget.perDay) throw appError('smsPerDay');
    if (isMoneyPurpose(type)) {
      const moneyToday = sent.filter((s) => isMoneyPurpose(s.type) && s.created_at > dayStart).length;
      if (moneyToday >= SMS_MONEY_LIMIT_PER_DAY) throw appError('smsMoneyPerDay');
    }
    const fromIp = await this.codes.sendTimesForIp(trx, ip, type, Math.min(dayStart, now - HOUR));
    if (fromIp.filter((at) => at > now - HOUR).length >= this.options.perIpPerHour) throw appError('smsPerIp');
    if (fromIp.filter((at) => at > dayStart).length >= this.options.perIpPerDay) throw appError('smsPerIpPerDay');
  }

  private hash(phone: string, type: SmsType, code: string): string {
    return createHmac('sha256', this.options.secret).update(`${phone}:${type}:${code}`).digest('hex');
  }
}

export function throwUnlessOk(outcome: Exclude<CheckOutcome, 'ok'>): never;
export function throwUnlessOk(outcome: CheckOutcome): void;
export function throwUnlessOk(outcome: CheckOutcome): void {
  if (outcome === 'invalid') throw appError('smsCodeInvalid');
  if (outcome === 'burned') throw appError('smsCodeBurned');
}
