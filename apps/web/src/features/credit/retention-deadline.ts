/**
 * The retention offer's 59:59 is issued and kept by the server; the browser only counts it down. The
 * server's `ends_at` is turned into this browser's clock through the server time of the same answer, so a wrong
 * device clock neither shortens nor stretches the countdown.
 */
import type { RetentionClaim } from '@cc/contracts';

/** When the offer's countdown ends on this browser's clock (epoch ms), or null when there is no offer to show. */
export function retentionDeadline(claim: RetentionClaim, clientNow = Date.now()): number | null {
  if (!claim.offer || !claim.ends_at) return null;
  const left = Date.parse(claim.ends_at) - Date.parse(claim.server_time);
  return Number.isFinite(left) && left > 0 ? clientNow + left : null;
}
