/**
 * The team page: a creator's members with their income and the leader share each brought in, the
 * summary with the creator's own leader, commander code, team share rate and invite links, and the invite poster.
 * A creator reads only their own team: every query is keyed by the caller's id, never by an id from the request.
 */
import {
  fenToYuan,
  maskPhone,
  TEAM_INVITE_TARGETS,
  teamInviteLink,
  type Paged,
  type TeamMember,
  type TeamPageQuery,
  type TeamSummary,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { beijingDayOf, dayStartMs, monthStartDay } from '../../beijing-time.js';
import type { Clock } from '../../clock.js';
import { appError } from '../../errors.js';
import { isoTime, offsetOf, paged } from '../paging.js';
import type { CachedPoster, TeamPosterCache } from './team-poster-cache.js';
import type { TeamRepository } from './team.repository.js';

/** The product name the poster carries. */
export const POSTER_PRODUCT_NAME = '创作者中心';

export interface TeamServiceOptions {
  /** Public address links are made on (PUBLIC_BASE_URL), without a trailing slash. */
  publicBaseUrl: string;
  /** Leader share rate of a leader who has none set (TEAM_SHARE_RATE_BP), as the income service applies it. */
  defaultTeamShareRateBp: number;
}

export class TeamService {
  constructor(
    private readonly team: TeamRepository,
    private readonly posters: TeamPosterCache,
    private readonly clock: Clock,
    private readonly options: TeamServiceOptions,
    private readonly log: FastifyBaseLogger,
    /** The avatar as a small square PNG (the image module's `squareOf`), or null without one. */
    private readonly avatarOf: (url: string) => Promise<{ name: string; png: Buffer } | null> = async () => null,
  ) {}

  async page(leaderId: number, query: TeamPageQuery): Promise<Paged<TeamMember>> {
    const keyword = query.keyword || undefined;
    const [owner, matching, rows] = await Promise.all([
      this.owner(leaderId),
      keyword === undefined ? undefined : this.team.countMatchingMembers(leaderId, keyword),
      this.team.memberPage(leaderId, keyword, offsetOf(query)),
    ]);
    const total = matching ?? owner.team_size;
    const ids = rows.map((row) => row.id);
    const [incomes, leaderShares] = await Promise.all([
      this.team.incomeOf(ids),
      this.team.leaderShareByMember(leaderId, ids),
    ]);
    const members = rows.map((row): TeamMember => ({
      invite_code: row.invite_code,
      nickname: row.nickname,
      phone: maskPhone(row.phone),
      created_at: isoTime(row.created_at),
      team_at: row.team_at === null ? null : isoTime(row.team_at),
      total_income: fenToYuan(incomes.get(row.id) ?? 0),
      leader_share: fenToYuan(leaderShares.get(row.id) ?? 0),
      leader_code: owner.invite_code,
    }));
    return paged(members, total, query);
  }

  async summary(agentId: number): Promise<TeamSummary> {
    const monthStartMs = dayStartMs(monthStartDay(beijingDayOf(this.clock.now())));
    const [owner, newThisMonth, shares] = await Promise.all([
      this.owner(agentId),
      this.team.countMembersSince(agentId, monthStartMs),
      this.team.leaderShareTotals(agentId),
    ]);
    const links = Object.fromEntries(
      TEAM_INVITE_TARGETS.map((target) => [
        target,
        teamInviteLink(this.options.publicBaseUrl, target, owner.invite_code),
      ]),
    ) as TeamSummary['invite_links'];
    return {
      member_count: owner.team_size,
      new_this_month: newThisMonth,
      leader_share_total: fenToYuan(shares.total),
      leader_share_settled: fenToYuan(shares.settled),
      leader:
        owner.leader_invite_code === null
          ? null
          : { nickname: owner.leader_nickname ?? '', invite_code: owner.leader_invite_code },
      team_at: owner.leader_invite_code === null || owner.team_at === null ? null : isoTime(owner.team_at),
      commander_code: owner.commander_code,
      team_share_rate: (owner.team_share_rate_bp || this.options.defaultTeamShareRateBp) / 100,
      invite_code: owner.invite_code,
      invite_links: links,
    };
  }

  /** The creator's invite poster (PNG file), made on first request and again only when what it shows changes. */
  async poster(agentId: number): Promise<CachedPoster & { inviteCode: string }> {
    const face = await this.team.posterFace(agentId);
    if (!face) throw appError('unauthorized');
    try {
      const avatar = await this.avatarOf(face.avatar_url);
      const poster = await this.posters.poster(agentId, {
        productName: POSTER_PRODUCT_NAME,
        nickname: face.nickname,
        inviteCode: face.invite_code,
        link: teamInviteLink(this.options.publicBaseUrl, 'home', face.invite_code),
        ...(avatar && { avatar }),
      });
      return { ...poster, inviteCode: face.invite_code };
    } catch (error) {
      this.log.error({ err: error, agentId }, 'invite poster rendering failed');
      throw appError('unavailable', '邀请海报生成失败，请稍后重试');
    }
  }

  private async owner(agentId: number) {
    const owner = await this.team.owner(agentId);
    // A token outliving its agent counts as logged out, as on every other page.
    if (!owner) throw appError('unauthorized');
    return owner;
  }
}
