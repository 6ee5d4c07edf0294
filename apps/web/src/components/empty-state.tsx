/** An empty screen or list: '即将上线' with a short hint by default, or a list's own empty text, icon and action. */
import { Empty } from '@arco-design/web-react';
import { IconClockCircle } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { text } from '../locales/zh-CN';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  description?: string;
  hint?: string;
  icon?: ReactNode;
  /** A way out, e.g. a button to the task center. */
  action?: ReactNode;
  testId?: string;
}

export function EmptyState({
  description = text.common.comingSoon,
  hint = text.common.comingSoonHint,
  icon = <IconClockCircle />,
  action,
  testId,
}: EmptyStateProps) {
  return (
    <Empty
      className={styles.empty}
      icon={<span className={styles.icon}>{icon}</span>}
      data-testid={testId}
      description={
        <>
          <div className={styles.description}>{description}</div>
          {hint && <div className={styles.hint}>{hint}</div>}
          {action && <div className={styles.action}>{action}</div>}
        </>
      }
    />
  );
}
