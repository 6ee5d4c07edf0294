/** The honest placeholder of a screen a later release fills: '即将上线' with a short hint. */
import { Empty } from '@arco-design/web-react';
import { IconClockCircle } from '@arco-design/web-react/icon';
import { text } from '../locales/zh-CN';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  description?: string;
  hint?: string;
}

export function EmptyState({
  description = text.common.comingSoon,
  hint = text.common.comingSoonHint,
}: EmptyStateProps) {
  return (
    <Empty
      className={styles.empty}
      icon={<IconClockCircle className={styles.icon} />}
      description={
        <>
          <div className={styles.description}>{description}</div>
          {hint && <div className={styles.hint}>{hint}</div>}
        </>
      }
    />
  );
}
