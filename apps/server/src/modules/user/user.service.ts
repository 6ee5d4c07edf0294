/** The agent's own profile: the User of spec §3 as the API shows it, and nickname/avatar changes. */
import type { CreditTotal, UpdateInfoRequest, UserInfo } from '@cc/contracts';
import type { Clock } from '../../clock.js';
import type { Agent } from '../../db/schema.js';
import { appError } from '../../errors.js';
import type { UserRepository } from './user.repository.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

export function toUserInfo(agent: Agent, creditInfo: CreditTotal): UserInfo {
  return {
    agent_id: agent.id,
    phone: agent.phone,
    real_name: agent.real_name,
    id_card_number: agent.id_card_number,
    alipay_id: agent.alipay_id,
    agent_mode: agent.agent_mode,
    sign_status: agent.sign_status,
    sign_phone: agent.sign_phone,
    bank_card_number: agent.bank_card_number,
    bank_name: agent.bank_name,
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
  ) {}

  async info(agentId: number): Promise<UserInfo> {
    const agent = await this.users.findById(agentId);
    if (!agent) throw appError('unauthorized');
    return toUserInfo(agent, await this.credits.totals(agentId));
  }

  async updateInfo(agentId: number, changes: UpdateInfoRequest): Promise<UserInfo> {
    await this.users.update(agentId, {
      ...(changes.nickname !== undefined && { nickname: changes.nickname }),
      ...(changes.avatar_url !== undefined && { avatar_url: changes.avatar_url }),
      updated_at: this.clock.now(),
    });
    return this.info(agentId);
  }
}
