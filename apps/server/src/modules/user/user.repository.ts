/** SQL for agents (users). Methods take an optional transaction so services can compose them. */
import { PayeeType } from '@cc/contracts';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import { precompile } from '../../db/precompiled.js';
import type { AgentUpdate, Database, NewAgent } from '../../db/schema.js';

/** The agent columns `user/info` shows (reading all of them costs twice as much on every page load). */
export const PROFILE_COLUMNS = [
  'id',
  'phone',
  'real_name',
  'id_card_mask',
  'agent_mode',
  'sign_status',
  'sign_phone',
  'nickname',
  'signed_at',
  'invite_code',
  'share_rate_bp',
  'leader_id',
  'team_at',
  'team_share_rate_bp',
  'commander_code',
  'avatar_url',
  'open_reelshort',
] as const;

/** The database or a transaction of it. */
export type Executor = Kysely<Database>;

export class UserRepository {
  /**
   * `user/info` in one query, compiled once: the agent, their points, whether any grant is due to expire, and their
   * masked payee accounts (a read across the credit and payee tables, for the page every screen loads).
   */
  private readonly profileQuery;

  constructor(private readonly db: Db) {
    this.profileQuery = precompile(db, (args: { agentId: number; now: number }) =>
      db
        .selectFrom('agents')
        .leftJoin('credit_accounts', 'credit_accounts.agent_id', 'agents.id')
        .leftJoin('payee_accounts as bank', (join) =>
          join.onRef('bank.agent_id', '=', 'agents.id').on('bank.type', '=', PayeeType.Bank),
        )
        .leftJoin('payee_accounts as alipay', (join) =>
          join.onRef('alipay.agent_id', '=', 'agents.id').on('alipay.type', '=', PayeeType.Alipay),
        )
        .select(PROFILE_COLUMNS.map((column) => `agents.${column}` as const))
        .select((eb) => [
          'credit_accounts.agent_id as credit_account',
          eb.fn.coalesce('credit_accounts.total', sql<number>`0`).as('credit_total'),
          eb.fn.coalesce('credit_accounts.buy', sql<number>`0`).as('credit_buy'),
          eb.fn.coalesce('credit_accounts.gift', sql<number>`0`).as('credit_gift'),
          eb
            .exists(
              eb
                .selectFrom('credit_grants')
                .select('credit_grants.id')
                .whereRef('credit_grants.agent_id', '=', 'agents.id')
                .where('credit_grants.remaining', '>', 0)
                .where('credit_grants.expires_at', '<=', args.now),
            )
            .as('credit_due'),
          'bank.bank_name as bank_name_masked',
          'bank.account_mask as bank_account_mask',
          'alipay.account_mask as alipay_account_mask',
        ])
        .where('agents.id', '=', args.agentId),
    );
  }

  /** The SQL of `profile` (for EXPLAIN, and the benchmark's floor that runs the same read without the app). */
  get profileSql(): string {
    return this.profileQuery.sql;
  }

  profile(agentId: number, now: number) {
    return this.profileQuery.first({ agentId, now });
  }

  findById(id: number, executor: Executor = this.db) {
    return executor.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByPhone(phone: string, executor: Executor = this.db) {
    return executor.selectFrom('agents').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  findIdByInviteCode(inviteCode: string, executor: Executor = this.db) {
    return executor
      .selectFrom('agents')
      .select(['id', 'phone'])
      .where('invite_code', '=', inviteCode)
      .executeTakeFirst();
  }

  async inviteCodeTaken(inviteCode: string, executor: Executor = this.db): Promise<boolean> {
    return (await this.findIdByInviteCode(inviteCode, executor)) !== undefined;
  }

  async insert(agent: NewAgent, executor: Executor = this.db): Promise<number> {
    const row = await executor.insertInto('agents').values(agent).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** One more member in `leaderId`'s team (`agents.team_size`, which the team page shows). */
  async addTeamMember(leaderId: number, executor: Executor = this.db): Promise<void> {
    await executor
      .updateTable('agents')
      .set((eb) => ({ team_size: eb('team_size', '+', 1) }))
      .where('id', '=', leaderId)
      .execute();
  }

  /** The avatar addresses among these that some agent uses. */
  async avatarsInUse(urls: string[]): Promise<string[]> {
    if (urls.length === 0) return [];
    const rows = await this.db
      .selectFrom('agents')
      .select('avatar_url')
      .distinct()
      .where('avatar_url', 'in', urls)
      .execute();
    return rows.map((row) => row.avatar_url);
  }

  async update(id: number, changes: AgentUpdate, executor: Executor = this.db): Promise<void> {
    await executor.updateTable('agents').set(changes).where('id', '=', id).execute();
  }
}
