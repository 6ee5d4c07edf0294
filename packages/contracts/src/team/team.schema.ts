/**
 * The creator's team (`/profile/team`): the members a creator brought in with their invite code (the creator is their
 * leader), the leader share each of them earned the creator, the summary of the invite page and the invite links.
 *
 * Privacy: a leader sees a member's nickname, invite code, dates, masked phone and income figures, never their id,
 * real name, ID or bank data; a member sees of their leader only the nickname and invite code.
 */
import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from '../envelope.js';

/** Longest search text: a nickname is at most 20 characters, an invite code 8. */
export const TEAM_KEYWORD_MAX_LENGTH = 20;

/** `GET /agent/v1/team/page`: my members, newest first, optionally searched by nickname or invite code. */
export const teamPageQuerySchema = pageQuerySchema.extend({
  keyword: z
    .string({ error: '搜索词格式不正确' })
    .trim()
    .max(TEAM_KEYWORD_MAX_LENGTH, `搜索词不能超过${TEAM_KEYWORD_MAX_LENGTH}个字`)
    .optional()
    .meta({ label: '搜索词' }),
});
export type TeamPageQuery = z.infer<typeof teamPageQuerySchema>;

/** A team member, as the leader sees it. */
export const teamMemberSchema = z.object({
  /** The member's own invite code: the stable key of a row (ids are never shown). */
  invite_code: z.string(),
  nickname: z.string(),
  /** The phone with its middle four digits hidden: 138****8000. */
  phone: z.string(),
  /** When the member registered (ISO 8601, UTC). */
  created_at: z.string(),
  /** When the member joined this team (ISO 8601, UTC): registration with the leader's code. */
  team_at: z.string().nullable(),
  /** The member's own share income, net of refunds, yuan with two decimals. */
  total_income: z.string(),
  /** The leader share (share type 3) this member's orders earned their leader, net of refunds, yuan. */
  leader_share: z.string(),
  /** The invite code of the member's leader (the creator reading the list). */
  leader_code: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** `GET /agent/v1/team/page`: `{ data: TeamMember[], page }`. */
export const teamPageSchema = pagedSchema(teamMemberSchema);

/** Where an invite link lands: the home page, the gift (points) page or the AI tools landing page. */
export const TEAM_INVITE_TARGETS = ['home', 'gift', 'ai'] as const;
export type TeamInviteTarget = (typeof TEAM_INVITE_TARGETS)[number];

/** The path of each invite target, before `?invite_code=`. */
export const TEAM_INVITE_PATHS: Record<TeamInviteTarget, string> = { home: '/', gift: '/gift', ai: '/ai' };

/** My leader as a member sees them: nickname and invite code only. */
export const teamLeaderSchema = z.object({ nickname: z.string(), invite_code: z.string() });
export type TeamLeader = z.infer<typeof teamLeaderSchema>;

/** `GET /agent/v1/team/summary`: the figures and links of the invite page. */
export const teamSummarySchema = z.object({
  /** Members who registered with my invite code. */
  member_count: z.number().int(),
  /** Of them, those who joined this Beijing calendar month. */
  new_this_month: z.number().int(),
  /** Leader shares my members' orders earned me, net of refunds, yuan with two decimals. */
  leader_share_total: z.string(),
  /** Part of leader_share_total already settled into my wallet, yuan. */
  leader_share_settled: z.string(),
  /** My leader, or null when I joined without an invite code. */
  leader: teamLeaderSchema.nullable(),
  /** When I joined my leader's team (ISO 8601, UTC); null without a leader. */
  team_at: z.string().nullable(),
  /** My commander code ('' when none was assigned). */
  commander_code: z.string(),
  /** The leader share rate my members' orders earn me, in percent (the platform default when none is set). */
  team_share_rate: z.number(),
  /** My invite code. */
  invite_code: z.string(),
  /** My invite links: the public address of each target with `?invite_code=`. */
  invite_links: z.object({ home: z.string(), gift: z.string(), ai: z.string() }),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/** The invite link of a target, for a public base address without a trailing slash. */
export function teamInviteLink(baseUrl: string, target: TeamInviteTarget, inviteCode: string): string {
  return `${baseUrl}${TEAM_INVITE_PATHS[target]}?invite_code=${encodeURIComponent(inviteCode)}`;
}
