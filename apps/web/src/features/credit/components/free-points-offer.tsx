/**
 * The free 100 points offered before the paid packages: a creator who has not claimed them yet sees the
 * claim first, so nobody pays for what the product gives away. Gone once claimed.
 */
import { Button } from '@arco-design/web-react';
import { IconGift } from '@arco-design/web-react/icon';
import { FREE_CLAIM_POINTS, FreePointsStatus } from '@cc/contracts';
import { useId } from 'react';
import { useFreePointsStatus } from '../../../lib/credit/get-free-points-status';
import { useClaimFreePoints } from '../../../lib/credit/use-claim-free-points';
import { fillText } from '../../../lib/fill-text';
import { useIsLoggedIn } from '../../../lib/session/token';
import { text } from '../../../locales/zh-CN';
import styles from './points-modal.module.css';

export function FreePointsOffer() {
  const isLoggedIn = useIsLoggedIn();
  const status = useFreePointsStatus({ enabled: isLoggedIn });
  const claim = useClaimFreePoints();
  const titleId = useId();
  if (!isLoggedIn || status.data?.status !== FreePointsStatus.Claimable) return null;
  return (
    <section className={styles.freeOffer} aria-labelledby={titleId}>
      <IconGift className={styles.freeOfferIcon} />
      <div className={styles.freeOfferText}>
        <strong id={titleId}>{fillText(text.credit.freeOffer.title, { points: FREE_CLAIM_POINTS })}</strong>
        <span>{text.credit.freeOffer.text}</span>
      </div>
      <Button type="primary" status="warning" shape="round" loading={claim.isPending} onClick={() => claim.mutate()}>
        {text.credit.freeOffer.claim}
      </Button>
    </section>
  );
}
