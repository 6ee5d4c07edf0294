/**
 * The referral a visitor arrives with: `invite_code` and `channel_from` from the address, kept in sessionStorage so
 * they survive navigation inside the tab and reach the login call. A visit that arrives on a landing page (`/ai`,
 * `/gift`) is the landing flow: its login also carries `source` 1 and `cq`, the address's `bi`
 * parameters as `bi=value` pairs joined with `&` (empty when there are none).
 */
import { LOGIN_SOURCE } from '@cc/contracts';
import { SessionKey, sessionStore } from './storage';

const ReferralQuery = { inviteCode: 'invite_code', channelFrom: 'channel_from', landingTag: 'bi' } as const;
const LANDING_PATHS: ReadonlySet<string> = new Set(['/ai', '/gift']);

export interface Referral {
  inviteCode: string | null;
  channelFrom: string | null;
  /** Set only in the landing flow. */
  landing: { source: number; cq: string } | null;
}

/** `bi=a&bi=b` from the address's `bi` parameters, each value encoded. */
export function landingCq(search: URLSearchParams): string {
  return search
    .getAll(ReferralQuery.landingTag)
    .map((value) => `${ReferralQuery.landingTag}=${encodeURIComponent(value)}`)
    .join('&');
}

export function captureReferral(search: URLSearchParams, pathname = ''): void {
  const inviteCode = search.get(ReferralQuery.inviteCode);
  const channelFrom = search.get(ReferralQuery.channelFrom);
  if (inviteCode) sessionStore.set(SessionKey.inviteCode, inviteCode);
  if (channelFrom) sessionStore.set(SessionKey.channelFrom, channelFrom);
  if (LANDING_PATHS.has(pathname.replace(/\/+$/, ''))) sessionStore.set(SessionKey.landingCq, landingCq(search));
}

/** The address wins over what an earlier page of the visit stored. */
export function readReferral(search: URLSearchParams): Referral {
  const cq = sessionStore.get(SessionKey.landingCq);
  return {
    inviteCode: search.get(ReferralQuery.inviteCode) || sessionStore.get(SessionKey.inviteCode),
    channelFrom: search.get(ReferralQuery.channelFrom) || sessionStore.get(SessionKey.channelFrom),
    landing: cq === null ? null : { source: LOGIN_SOURCE, cq },
  };
}

/** Forgets a stored invite code the server refused, so later pages of the visit do not send it again. */
export function forgetInviteCode(): void {
  sessionStore.remove(SessionKey.inviteCode);
}
