/**
 * SQL of the team page: a leader's members (agents whose `leader_id` is the leader), their income and the leader
 * shares they earned the leader. Every query starts from one leader's id through an index (`agents_leader_team_at_idx`,
 * `share_orders_agent_type_attract_idx`), so no query reads a whole table; the size of the team is kept on the
 * leader's row (`team_size`), so only a search counts members.
 *
 * A refund row (order_type 2) counts negative whatever sign its amount was written with, as on the income page, so
 * every sum is income net of refunds.
 */
import { OrderType, SettStatus, ShareType } from '@cc/contracts';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/** A member row as the page reads it; the id only joins the income sums and never leaves the service. */
export interface MemberRow {
  id: number;
  invite_code: string;
  nickname: string;
  phone: string;
  created_at: number;
  team_at: number | null;
}

/** What the team page needs of the reading creator and of their leader. */
export interface TeamOwnerRow {
  invite_code: string;
  commander_code: string;
  team_share_rate_bp: number;
  team_at: number | null;
  /** Members in the creator's own team, kept as they register (`agents.team_size`). */
  team_size: number;
  leader_nickname: string | null;
  leader_invite_code: string | null;
}

const SIGNED_SHARE = sql<number>`case when s.order_type = ${sql.lit(OrderType.Refund)} then -abs(s.share_amount_fen) else s.share_amount_fen end`;
const SUM_SIGNED_SHARE = sql<number>`coalesce(sum(${SIGNED_SHARE}), 0)`;

/** LIKE pattern of a user's text: `%`, `_` and the escape character match themselves. */
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Members = ExpressionBuilder<Database & { a: Database['agents'] }, 'a'>;

export class TeamRepository {
  constructor(private readonly db: Db) {}

  /** The leader's members, optionally those whose nickname or invite code contains `keyword`. */
  private members(leaderId: number, keyword: string | undefined) {
    return this.db
      .selectFrom('agents as a')
      .where('a.leader_id', '=', leaderId)
      .$if(!!keyword, (qb) =>
        qb.where((eb: Members) =>
          eb.or([
            sql<boolean>`${eb.ref('a.nickname')} like ${likeOf(keyword!)} escape '\\'`,
            // Invite codes are stored upper-case and typed in any case.
            sql<boolean>`${eb.ref('a.invite_code')} like ${likeOf(keyword!.toUpperCase())} escape '\\'`,
          ]),
        ),
      );
  }

  /**
   * Members whose nickname or invite code contains `keyword`: a search reads the leader's whole team through its
   * index. Without a keyword the count is the kept `team_size` (`owner`).
   */
  async countMatchingMembers(leaderId: number, keyword: string): Promise<number> {
    const row = await this.members(leaderId, keyword)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Members who joined at or after `sinceMs`. */
  async countMembersSince(leaderId: number, sinceMs: number): Promise<number> {
    const row = await this.members(leaderId, undefined)
      .where('a.team_at', '>=', sinceMs)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A page of members, the newest to join first. */
  async memberPage(
    leaderId: number,
    keyword: string | undefined,
    page: { limit: number; offset: number },
  ): Promise<MemberRow[]> {
    const rows = await this.members(leaderId, keyword)
      .select(['a.id', 'a.invite_code', 'a.nickname', 'a.phone', 'a.created_at', 'a.team_at'])
      .orderBy('a.team_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      created_at: Number(row.created_at),
      team_at: row.team_at === null ? null : Number(row.team_at),
    }));
  }

  /** Each agent's own share income (every share type), net of refunds, in fen; agents without shares are absent. */
  async incomeOf(agentIds: number[]): Promise<Map<number, number>> {
    if (agentIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('share_orders as s')
      .where('s.agent_id', 'in', agentIds)
      .select(['s.agent_id', SUM_SIGNED_SHARE.as('fen')])
      .groupBy('s.agent_id')
      .execute();
    return new Map(rows.map((row) => [Number(row.agent_id), Number(row.fen)]));
  }

  /** The leader shares each of `memberIds` brought `leaderId`, net of refunds, in fen. */
  async leaderShareByMember(leaderId: number, memberIds: number[]): Promise<Map<number, number>> {
    if (memberIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('share_orders as s')
      .where('s.agent_id', '=', leaderId)
      .where('s.share_type', '=', ShareType.Leader)
      .where('s.attract_agent_id', 'in', memberIds)
      .select(['s.attract_agent_id', SUM_SIGNED_SHARE.as('fen')])
      .groupBy('s.attract_agent_id')
      .execute();
    return new Map(rows.map((row) => [Number(row.attract_agent_id), Number(row.fen)]));
  }

  /** All leader shares of `leaderId`, and the settled part, net of refunds, in fen. */
  async leaderShareTotals(leaderId: number): Promise<{ total: number; settled: number }> {
    const row = await this.db
      .selectFrom('share_orders as s')
      .where('s.agent_id', '=', leaderId)
      .where('s.share_type', '=', ShareType.Leader)
      .select([
        SUM_SIGNED_SHARE.as('total'),
        sql<number>`coalesce(sum(case when s.sett_status = ${sql.lit(SettStatus.Settled)} then ${SIGNED_SHARE} else 0 end), 0)`.as(
          'settled',
        ),
      ])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), settled: Number(row.settled) };
  }

  /** The creator's team settings and their leader's public face; undefined for an unknown id. */
  async owner(agentId: number): Promise<TeamOwnerRow | undefined> {
    const row = await this.db
      .selectFrom('agents as a')
      .leftJoin('agents as l', 'l.id', 'a.leader_id')
      .where('a.id', '=', agentId)
      .select([
        'a.invite_code',
        'a.commander_code',
        'a.team_share_rate_bp',
        'a.team_at',
        'a.team_size',
        'l.nickname as leader_nickname',
        'l.invite_code as leader_invite_code',
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...row,
      team_share_rate_bp: Number(row.team_share_rate_bp),
      team_size: Number(row.team_size),
      team_at: row.team_at === null ? null : Number(row.team_at),
    };
  }

  /** What the invite poster shows of its creator. */
  async posterFace(
    agentId: number,
  ): Promise<{ nickname: string; invite_code: string; avatar_url: string } | undefined> {
    return this.db
      .selectFrom('agents')
      .where('id', '=', agentId)
      .select(['nickname', 'invite_code', 'avatar_url'])
      .executeTakeFirst();
  }
}
