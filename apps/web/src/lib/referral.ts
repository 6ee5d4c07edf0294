/**
 * The referral a visitor arrives with: `invite_code` and `channel_from` from the address, kept in sessionStorage so
 * they survive navigation inside the tab and reach the login call.
 */
import { SessionKey, sessionStore } from './storage';

const ReferralQuery = { inviteCode: 'invite_code', channelFrom: 'channel_from' } as const;

export interface Referral {
  inviteCode: string | null;
  channelFrom: string | null;
}

export function captureReferral(search: URLSearchParams): void {
  const inviteCode = search.get(ReferralQuery.inviteCode);
  const channelFrom = search.get(ReferralQuery.channelFrom);
  if (inviteCode) sessionStore.set(SessionKey.inviteCode, inviteCode);
  if (channelFrom) sessionStore.set(SessionKey.channelFrom, channelFrom);
}

/** The address wins over what an earlier page of the visit stored. */
export function readReferral(search: URLSearchParams): Referral {
  return {
    inviteCode: search.get(ReferralQuery.inviteCode) || sessionStore.get(SessionKey.inviteCode),
    channelFrom: search.get(ReferralQuery.channelFrom) || sessionStore.get(SessionKey.channelFrom),
  };
}

/** Forgets a stored invite code the server refused, so later pages of the visit do not send it again. */
export function forgetInviteCode(): void {
  sessionStore.remove(SessionKey.inviteCode);
}
