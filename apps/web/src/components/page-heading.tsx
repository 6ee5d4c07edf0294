/** A page's title and one-line description, at the top of every screen of the default layout. */
import type { ReactNode } from 'react';
import styles from './page-heading.module.css';

interface PageHeadingProps {
  title: string;
  description?: string;
  extra?: ReactNode;
}

export function PageHeading({ title, description, extra }: PageHeadingProps) {
  return (
    <header className={styles.heading}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {extra}
    </header>
  );
}
