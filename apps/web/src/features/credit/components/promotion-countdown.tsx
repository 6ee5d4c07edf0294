/** The running promotion's countdown on a package card: days, hours, minutes and seconds, ticking. */
import { IconClockCircle } from '@arco-design/web-react/icon';
import { countdownParts } from '../../../lib/countdown';
import { fillText } from '../../../lib/fill-text';
import { useSecondsUntil } from '../../../lib/use-now';
import { text } from '../../../locales/zh-CN';
import styles from './points-modal.module.css';

export function PromotionCountdown({ deadline }: { deadline: number }) {
  const seconds = useSecondsUntil(deadline);
  if (seconds === 0) return null;
  return (
    <div className={styles.countdown}>
      <IconClockCircle />
      {text.credit.package.promotionEndsIn}
      <span className={styles.countdownTime}>{fillText(text.credit.package.countdown, countdownParts(seconds))}</span>
    </div>
  );
}
