/** A drama or novel app as its icon and name, shown on task cards, the detail header, my tasks and the hit chart. */
import styles from './app-badge.module.css';

export function AppBadge({ name, iconUrl, className }: { name: string; iconUrl?: string; className?: string }) {
  return (
    <span className={className ? `${styles.badge} ${className}` : styles.badge}>
      {iconUrl && <img className={styles.icon} src={iconUrl} alt="" loading="lazy" />}
      <span className={styles.name}>{name}</span>
    </span>
  );
}
