/**
 * Agents (users): the profile as the API shows it, nickname/avatar changes, and what other modules need
 * of an agent (their phone, registration of a new one with its invite code and inviter).
 */
import type { CreditTotal, UpdateInfoRequest, UserInfo } from '@cc/contracts';
import type { Clock } from '../../clock.js';
import type { Agent } from '../../db/schema.js';
import { appError } from '../../errors.js';
import { ImageService } from '../image/image.service.js';
import { generateInviteCode, normalizeInviteCode } from './invite-code.js';
import type { PROFILE_COLUMNS } from './user.repository.js';
import type { MaskedPayees } from './payee.service.js';
import type { Executor, UserRepository } from './user.repository.js';

/** A new agent as login registers it: the phone, its inviter and where the registration came from. */
export interface Registration {
  phone: string;
  leaderId: number | null;
  vendor: string;
  channelFrom: string | null;
  source: number | null;
  cq: string | null;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** No payee account yet: what `user/info` shows for the payee fields. */
const NO_PAYEES: MaskedPayees = { idCard: '', bank: null, alipay: null };

/** What the profile shows of the agent row (the columns `UserRepository.profile` reads). */
export type ProfileAgent = Pick<Agent, (typeof PROFILE_COLUMNS)[number]>;

/** The profile as the API shows it: ID, card and Alipay numbers only ever masked (from payee accounts). */
export function toUserInfo(agent: ProfileAgent, creditInfo: CreditTotal, payees: MaskedPayees = NO_PAYEES): UserInfo {
  return {
    agent_id: agent.id,
    phone: agent.phone,
    real_name: agent.real_name,
    id_card_number: payees.idCard,
    alipay_id: payees.alipay?.account_no ?? '',
    agent_mode: agent.agent_mode,
    sign_status: agent.sign_status,
    sign_phone: agent.sign_phone,
    bank_card_number: payees.bank?.account_no ?? '',
    bank_name: payees.bank?.bank_name ?? '',
    nickname: agent.nickname,
    signed_at: iso(agent.signed_at),
    invite_code: agent.invite_code,
    share_rate: agent.share_rate_bp / 100,
    leader_id: agent.leader_id,
    team_at: iso(agent.team_at),
    team_share_rate: agent.team_share_rate_bp / 100,
    commander_code: agent.commander_code,
    avatar_url: agent.avatar_url,
    creditInfo,
    open_reelshort: agent.open_reelshort === 1,
  };
}

export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly credits: { totals(agentId: number): Promise<CreditTotal> },
    private readonly clock: Clock,
    private readonly images: Pick<ImageService, 'requireOwn'>,
  ) {}

  /** Which of these uploaded images are some creator's avatar (the image clean-up keeps them). */
  async imagesUsedAsAvatars(names: string[]): Promise<string[]> {
    const used = await this.users.avatarsInUse(names.map((name) => ImageService.url(name)));
    return used.map((url) => ImageService.nameOf(url) ?? '');
  }

  /**
   * The profile in one read; the credit ledger is asked only when it has work to do (points due to expire, or no
   * balance row yet, which it opens).
   */
  async info(agentId: number): Promise<UserInfo> {
    const row = await this.users.profile(agentId, this.clock.now());
    if (!row) throw appError('unauthorized');
    const {
      credit_account,
      credit_total,
      credit_buy,
      credit_gift,
      credit_due,
      bank_name_masked,
      bank_account_mask,
      alipay_account_mask,
      ...agent
    } = row;
    const credit =
      credit_account === null || Number(credit_due)
        ? await this.credits.totals(agentId)
        : { total: Number(credit_total), buy: Number(credit_buy), gift: Number(credit_gift) };
    return toUserInfo(agent, credit, {
      idCard: agent.id_card_mask ?? '',
      bank: bank_account_mask === null ? null : { bank_name: bank_name_masked ?? '', account_no: bank_account_mask },
      alipay: alipay_account_mask === null ? null : { account_no: alipay_account_mask },
    });
  }

  async updateInfo(agentId: number, changes: UpdateInfoRequest): Promise<UserInfo> {
    const avatarUrl = await this.avatarUrlOf(agentId, changes);
    await this.users.update(agentId, {
      ...(changes.nickname !== undefined && { nickname: changes.nickname }),
      ...(avatarUrl !== undefined && { avatar_url: avatarUrl }),
      updated_at: this.clock.now(),
    });
    return this.info(agentId);
  }

  /**
   * The avatar address to store: '' removes it; anything else must be one of this creator's uploaded images (by name
   * or by its address), so an avatar never shows another creator's picture or a file from outside the product.
   */
  private async avatarUrlOf(agentId: number, changes: UpdateInfoRequest): Promise<string | undefined> {
    if (changes.avatar_url === '') return '';
    const name = changes.avatar ?? (changes.avatar_url === undefined ? null : ImageService.nameOf(changes.avatar_url));
    if (name === null) return undefined;
    await this.images.requireOwn(agentId, name);
    return ImageService.url(name);
  }

  /** The agent's phone (where their SMS codes go); a deleted agent's token no longer counts. */
  async phoneOf(agentId: number): Promise<string> {
    const agent = await this.users.findById(agentId);
    if (!agent) throw appError('unauthorized');
    return agent.phone;
  }

  async idByPhone(phone: string, executor?: Executor): Promise<number | null> {
    return (await this.users.findByPhone(phone, executor))?.id ?? null;
  }

  /** The inviter named by an invite code (any case, spaces ignored); null without a code, an error for an unknown one. */
  async inviterOf(inviteCode: string | undefined, executor?: Executor): Promise<number | null> {
    if (!inviteCode) return null;
    const inviter = await this.users.findIdByInviteCode(normalizeInviteCode(inviteCode), executor);
    if (!inviter) throw appError('inviteCodeUnknown');
    return inviter.id;
  }

  /** Creates the agent with a fresh invite code and a default nickname, in their leader's team when they have one; its id. */
  async register(registration: Registration, executor?: Executor): Promise<number> {
    const now = this.clock.now();
    let inviteCode = generateInviteCode();
    while (await this.users.inviteCodeTaken(inviteCode, executor)) inviteCode = generateInviteCode();
    const agentId = await this.users.insert(
      {
        phone: registration.phone,
        nickname: `创作者${registration.phone.slice(-4)}`,
        avatar_url: '',
        real_name: '',
        id_card_number: '',
        alipay_id: '',
        sign_phone: '',
        bank_card_number: '',
        bank_name: '',
        signed_at: null,
        invite_code: inviteCode,
        leader_id: registration.leaderId,
        team_at: registration.leaderId === null ? null : now,
        commander_code: '',
        vendor: registration.vendor,
        channel_from: registration.channelFrom,
        source: registration.source,
        cq: registration.cq,
        created_at: now,
        updated_at: now,
      },
      executor,
    );
    // In the registration's transaction: the leader's kept team size never misses or double-counts a member.
    if (registration.leaderId !== null) await this.users.addTeamMember(registration.leaderId, executor);
    return agentId;
  }
}
