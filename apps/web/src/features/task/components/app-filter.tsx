/** The task center's app filter: '全部' and each app that has tasks of the current type, with its icon. */
import { Skeleton } from '@arco-design/web-react';
import type { AppItem } from '@cc/contracts';
import type { ReactNode } from 'react';
import { text } from '../../../locales/zh-CN';
import styles from '../task-page.module.css';

interface AppFilterProps {
  apps: AppItem[] | undefined;
  loading: boolean;
  value: number | undefined;
  onChange: (appId: number | undefined) => void;
}

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={active ? `${styles.chip} ${styles.activeChip}` : styles.chip}
      aria-pressed={active}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

export function AppFilter({ apps, loading, value, onChange }: AppFilterProps) {
  if (loading) return <Skeleton className={styles.chipsSkeleton} animation text={{ rows: 1, width: '60%' }} />;
  return (
    <div className={styles.chips} role="group" aria-label={text.task.appFilterLabel}>
      <Chip active={value === undefined} onClick={() => onChange(undefined)}>
        {text.task.allApps}
      </Chip>
      {apps?.map((app) => (
        <Chip key={app.app_id} active={value === app.app_id} onClick={() => onChange(app.app_id)}>
          {app.icon_url && <img className={styles.chipIcon} src={app.icon_url} alt="" />}
          {app.name}
        </Chip>
      ))}
    </div>
  );
}
