/** A page's title and one-line description, at the top of every screen of the default layout. */
import { IconLeft } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './page-heading.module.css';

/** The way back of a sub-page: the parent page it belongs to, named, as task detail has it. */
export interface PageBack {
  to: string;
  label: string;
}

interface PageHeadingProps {
  title: string;
  description?: string;
  extra?: ReactNode;
  back?: PageBack;
}

export function PageHeading({ title, description, extra, back }: PageHeadingProps) {
  return (
    <>
      {back && (
        <Link to={back.to} className={styles.back}>
          <IconLeft aria-hidden />
          {back.label}
        </Link>
      )}
      <header className={styles.heading}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {description && <p className={styles.description}>{description}</p>}
        </div>
        {extra}
      </header>
    </>
  );
}
