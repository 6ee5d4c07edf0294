/** A section of 智能运营: a card with its heading (which names it to assistive technology), a hint and an action. */
import { useId, type ReactNode } from 'react';
import styles from './operate-panel.module.css';

export function OperateSection({
  title,
  hint,
  action,
  children,
}: {
  title: string;
  hint?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <header className={styles.sectionHeader}>
        <div>
          <h2 id={id} className={styles.sectionTitle}>
            {title}
          </h2>
          {hint && <p className={styles.muted}>{hint}</p>}
        </div>
        {action}
      </header>
      {children}
    </section>
  );
}
