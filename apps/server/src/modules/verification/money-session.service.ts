/**
 * Money sessions (ADR 0026). A money code (bank, Alipay, wallet, agreement, withdrawal) verified by a
 * money action opens a 10-minute window for that login session on that device; inside it the same creator's next
 * money actions may leave the code out. The window starts at the verification and is never stretched by use.
 * Payee accounts always take a fresh code (where the money goes is not changed on the strength of an old one).
 */
import { DEVICE_ID_HEADER, MONEY_SESSION_SECONDS, type MoneySession, type SmsType } from '@cc/contracts';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { identityOf } from '../../plugins/auth.js';
import type { MoneySessionRepository } from './money-session.repository.js';
import type { CheckOutcome, SmsCodeService } from './sms-code.service.js';

/** Who asks for a money action: the login session, the device (null when the client sent none) and the code. */
export interface MoneyProof {
  sessionId: number;
  deviceId: string | null;
  code?: string | undefined;
}

const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** The proof of an authenticated request: its session, its device header when well formed, and `code`. */
export function moneyProofOf(request: FastifyRequest, code?: string): MoneyProof {
  const header = request.headers[DEVICE_ID_HEADER];
  const deviceId = typeof header === 'string' && DEVICE_ID_PATTERN.test(header) ? header : null;
  return { sessionId: identityOf(request).sessionId, deviceId, code };
}

export class MoneySessionService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly sessions: MoneySessionRepository,
    private readonly smsCodes: SmsCodeService,
    private readonly clock: Clock,
  ) {}

  async status(agentId: number, proof: MoneyProof): Promise<MoneySession> {
    const now = this.clock.now();
    const until = await this.openUntil(this.database.db, agentId, proof, now);
    if (until === undefined) return { open: false, expires_at: null, expires_in: 0 };
    return { open: true, expires_at: new Date(until).toISOString(), expires_in: Math.ceil((until - now) / 1000) };
  }

  /**
   * Inside the money action's transaction: with a code, checks and consumes it (a wrong code fails even while a
   * money session is open) and, when right, opens the money session; without one, the money session must be open
   * for this login, creator and device. Returns the code's outcome so the caller can commit a wrong try first.
   */
  async authorize(
    trx: Transaction<Database>,
    agent: { id: number; phone: string },
    type: SmsType,
    proof: MoneyProof,
  ): Promise<CheckOutcome> {
    if (proof.code === undefined) {
      if ((await this.openUntil(trx, agent.id, proof, this.clock.now())) === undefined) {
        throw appError('moneyCodeRequired');
      }
      return 'ok';
    }
    return this.checkCodeAndOpen(trx, agent, type, { ...proof, code: proof.code });
  }

  /** Checks and consumes a code that must be given (payee accounts), opening the money session when right. */
  async checkCodeAndOpen(
    trx: Transaction<Database>,
    agent: { id: number; phone: string },
    type: SmsType,
    proof: MoneyProof & { code: string },
  ): Promise<CheckOutcome> {
    await this.smsCodes.lockPhone(trx, agent.phone);
    const outcome = await this.smsCodes.check(trx, agent.phone, type, proof.code, { consume: true });
    if (outcome === 'ok' && proof.deviceId !== null) {
      const now = this.clock.now();
      await this.sessions.open(trx, {
        session_id: proof.sessionId,
        agent_id: agent.id,
        device_id: proof.deviceId,
        opened_at: now,
        expires_at: now + MONEY_SESSION_SECONDS * 1000,
      });
    }
    return outcome;
  }

  private openUntil(
    executor: Transaction<Database> | DatabaseHandle['db'],
    agentId: number,
    proof: MoneyProof,
    now: number,
  ): Promise<number | undefined> {
    if (proof.deviceId === null) return Promise.resolve(undefined);
    return this.sessions.openUntil(
      executor,
      { session_id: proof.sessionId, agent_id: agentId, device_id: proof.deviceId },
      now,
    );
  }
}
