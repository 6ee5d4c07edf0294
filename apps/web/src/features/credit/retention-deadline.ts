/**
 * The retention offer's 59:59 (spec §4): its end time is kept in localStorage, so a reload continues the same
 * countdown instead of starting a fresh one, and an offer whose time ran out is not offered again.
 */
import { RETENTION_OFFER_SECONDS } from '@cc/contracts';
import { LocalKey, localStore } from '../../lib/storage';

interface StoredOffer {
  id: number;
  endsAt: number;
}

function readStoredOffer(): StoredOffer | null {
  const raw = localStore.get(LocalKey.retentionOffer);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { id, endsAt } = parsed as Partial<StoredOffer>;
    return typeof id === 'number' && typeof endsAt === 'number' ? { id, endsAt } : null;
  } catch {
    return null;
  }
}

/**
 * When the offer's countdown ends (epoch ms): the stored end for an offer already shown, a new 59:59 for an offer
 * shown for the first time, or null once its time has run out.
 */
export function retentionDeadline(offerId: number, now = Date.now()): number | null {
  const stored = readStoredOffer();
  if (stored?.id === offerId) return stored.endsAt > now ? stored.endsAt : null;
  const endsAt = now + RETENTION_OFFER_SECONDS * 1000;
  localStore.set(LocalKey.retentionOffer, JSON.stringify({ id: offerId, endsAt } satisfies StoredOffer));
  return endsAt;
}
