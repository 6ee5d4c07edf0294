/**
 * An empty screen or list: '即将上线' with a short hint by default, or a list's own empty text, icon and action. A
 * group named by its text, so the action in it is heard (and found) as that empty list's way out.
 */
import { Empty } from '@arco-design/web-react';
import { IconClockCircle } from '@arco-design/web-react/icon';
import { useId, type ReactNode } from 'react';
import { text } from '../locales/zh-CN';
import styles from './empty-state.module.css';

interface EmptyStateProps {
  description?: string;
  hint?: string;
  icon?: ReactNode;
  /** A way out, e.g. a button to the task center. */
  action?: ReactNode;
}

export function EmptyState({
  description = text.common.comingSoon,
  hint = text.common.comingSoonHint,
  icon = <IconClockCircle />,
  action,
}: EmptyStateProps) {
  const descriptionId = useId();
  // Arco's Empty declares no role prop, but passes the props it does not know to its root element.
  const group = { role: 'group', 'aria-labelledby': descriptionId };
  return (
    <Empty
      className={styles.empty}
      icon={<span className={styles.icon}>{icon}</span>}
      {...group}
      description={
        <>
          <div className={styles.description} id={descriptionId}>
            {description}
          </div>
          {hint && <div className={styles.hint}>{hint}</div>}
          {action && <div className={styles.action}>{action}</div>}
        </>
      }
    />
  );
}
