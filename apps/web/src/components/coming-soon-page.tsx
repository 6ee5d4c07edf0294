/** A screen whose content a later release builds: its Chinese title and the '即将上线' state. */
import { Card } from '@arco-design/web-react';
import styles from './coming-soon-page.module.css';
import { EmptyState } from './empty-state';
import { PageHeading } from './page-heading';

export function ComingSoonPage({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <PageHeading title={title} description={description} />
      <Card bordered={false} className={styles.card}>
        <EmptyState />
      </Card>
    </>
  );
}
