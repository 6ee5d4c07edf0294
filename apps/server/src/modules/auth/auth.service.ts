/**
 * Login and registration by phone and SMS code. A new phone becomes an agent with its own invite code,
 * linked to an inviter when a valid invite code came with it. The code check, the agent and the session are
 * one transaction under the phone's lock, so a retry or a double click cannot register twice.
 */
import { SmsType, maskPhone, type LoginResponse } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { UserService } from '../user/user.service.js';
import type { SessionService } from './session.service.js';
import { throwUnlessOk, type SmsCodeService } from '../verification/sms-code.service.js';

export interface LoginInput {
  phone: string;
  code: string;
  invite_code?: string | undefined;
  channel_from?: string | undefined;
  source?: number | undefined;
  cq?: string | undefined;
}

export interface RequestMeta {
  vendor: string;
  ip: string;
  userAgent: string;
}

export class AuthService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly users: UserService,
    private readonly smsCodes: SmsCodeService,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async login(input: LoginInput, meta: RequestMeta): Promise<LoginResponse> {
    type Result = { outcome: 'invalid' | 'burned' } | { outcome: 'ok'; agentId: number; isNew: boolean };
    const result = await this.database.db.transaction().execute(async (trx): Promise<Result> => {
      await this.smsCodes.lockPhone(trx, input.phone);
      const existingId = await this.users.idByPhone(input.phone, trx);
      // Check the invite code before the SMS code: a typo in it must not use up the code.
      const leaderId = existingId === null ? await this.users.inviterOf(input.invite_code, trx) : null;
      const outcome = await this.smsCodes.check(trx, input.phone, SmsType.Login, input.code, { consume: true });
      if (outcome !== 'ok') return { outcome };
      if (existingId !== null) return { outcome, agentId: existingId, isNew: false };

      const agentId = await this.users.register(
        {
          phone: input.phone,
          leaderId,
          vendor: meta.vendor,
          channelFrom: input.channel_from || null,
          source: input.source ?? null,
          cq: input.cq || null,
        },
        trx,
      );
      return { outcome, agentId, isNew: true };
    });
    if (result.outcome !== 'ok') return throwUnlessOk(result.outcome);
    const accessToken = await this.sessions.issue(result.agentId, meta);
    this.log.info({ agentId: result.agentId, phone: maskPhone(input.phone), isNew: result.isNew }, 'agent logged in');
    return { access_token: accessToken, is_new: result.isNew };
  }
}
