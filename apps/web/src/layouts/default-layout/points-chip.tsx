/** The logged-in creator's points in the desktop top bar; opens the points modal (balance and records). */
import { IconFire } from '@arco-design/web-react/icon';
import { useCreditTotal } from '../../lib/credit/get-credit-total';
import { openPointsModal } from '../../lib/credit/points-modal';
import { text } from '../../locales/zh-CN';
import styles from './top-bar.module.css';

export function PointsChip() {
  const { data } = useCreditTotal();
  return (
    <button type="button" className={styles.pointsChip} onClick={() => openPointsModal('detail')}>
      <IconFire aria-hidden />
      {text.layout.tool.points}
      <span className={styles.pointsValue}>{data?.total ?? '—'}</span>
    </button>
  );
}
