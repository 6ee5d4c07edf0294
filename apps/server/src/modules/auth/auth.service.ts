/**
 * Login and registration by phone and SMS code. A new phone becomes an agent with its own invite code,
 * linked to an inviter when a valid invite code came with it. The code check, the agent and the session are
 * one transaction under the phone's lock, so a retry or a double click cannot register twice.
 */
import { SmsType, maskPhone, type LoginResponse } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { appError } from '../../errors.js';
import { generateInviteCode, normalizeInviteCode } from '../user/invite-code.js';
import type { UserRepository } from '../user/user.repository.js';
import type { SessionService } from './session.service.js';
import { throwUnlessOk, type SmsCodeService } from './sms-code.service.js';

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
    private readonly users: UserRepository,
    private readonly smsCodes: SmsCodeService,
    private readonly sessions: SessionService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async login(input: LoginInput, meta: RequestMeta): Promise<LoginResponse> {
    type Result = { outcome: 'invalid' | 'burned' } | { outcome: 'ok'; agentId: number; isNew: boolean };
    const result = await this.database.db.transaction().execute(async (trx): Promise<Result> => {
      await this.smsCodes.lockPhone(trx, input.phone);
      const existing = await this.users.findByPhone(input.phone, trx);
      // Check the invite code before the SMS code: a typo in it must not use up the code.
      const leaderId = existing ? null : await this.resolveInviter(input.invite_code, trx);
      const outcome = await this.smsCodes.check(trx, input.phone, SmsType.Login, input.code, { consume: true });
      if (outcome !== 'ok') return { outcome };
      if (existing) return { outcome, agentId: existing.id, isNew: false };

      const now = this.clock.now();
      let inviteCode = generateInviteCode();
      while (await this.users.inviteCodeTaken(inviteCode, trx)) inviteCode = generateInviteCode();
      const agentId = await this.users.insert(
        {
          phone: input.phone,
          nickname: `创作者${input.phone.slice(-4)}`,
          avatar_url: '',
          real_name: '',
          id_card_number: '',
          alipay_id: '',
          sign_phone: '',
          bank_card_number: '',
          bank_name: '',
          signed_at: null,
          invite_code: inviteCode,
          leader_id: leaderId,
          team_at: leaderId === null ? null : now,
          commander_code: '',
          vendor: meta.vendor,
          channel_from: input.channel_from || null,
          source: input.source ?? null,
          cq: input.cq || null,
          created_at: now,
          updated_at: now,
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

  private async resolveInviter(
    inviteCode: string | undefined,
    trx: Parameters<UserRepository['findIdByInviteCode']>[1],
  ): Promise<number | null> {
    if (!inviteCode) return null;
    const inviter = await this.users.findIdByInviteCode(normalizeInviteCode(inviteCode), trx);
    if (!inviter) throw appError('inviteCodeUnknown');
    return inviter.id;
  }
}
