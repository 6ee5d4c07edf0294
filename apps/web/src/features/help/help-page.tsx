/** The help page (/help): a menu of help topics and the chosen topic's markdown, fetched by template id (`?id=`). */
import { Button, Card, Result } from '@arco-design/web-react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { Loading } from '../../components/loading';
import { MarkdownView } from '../../components/markdown-view';
import { PageHeading } from '../../components/page-heading';
import { text } from '../../locales/zh-CN';
import { useTemplate } from './api/get-template';
import { useTemplates } from './api/get-templates';
import styles from './help-page.module.css';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="error"
      title={text.common.loadFailed}
      extra={
        <Button type="primary" onClick={onRetry}>
          {text.common.retry}
        </Button>
      }
    />
  );
}

function Topic({ id }: { id: number }) {
  const topic = useTemplate(id);
  if (topic.isPending) return <Loading />;
  if (topic.isError) return <LoadFailed onRetry={() => void topic.refetch()} />;
  return <MarkdownView source={topic.data.content} />;
}

export function HelpPage() {
  const [params, setParams] = useSearchParams();
  const topics = useTemplates();
  const requested = Number(params.get('id'));
  const list = topics.data ?? [];
  const current = list.find((t) => t.id === requested)?.id ?? list[0]?.id ?? null;

  let body;
  if (topics.isPending) body = <Loading />;
  else if (topics.isError) body = <LoadFailed onRetry={() => void topics.refetch()} />;
  else if (current === null) body = <EmptyState description={text.help.empty} hint="" />;
  else {
    body = (
      <div className={styles.layout}>
        <nav className={styles.menu} aria-label={text.help.menuLabel}>
          {list.map((topic) => (
            <button
              key={topic.id}
              type="button"
              className={topic.id === current ? `${styles.item} ${styles.active}` : styles.item}
              aria-current={topic.id === current ? 'page' : undefined}
              onClick={() => setParams({ id: String(topic.id) })}
            >
              {topic.title}
            </button>
          ))}
        </nav>
        <div className={styles.content}>
          <Topic id={current} />
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeading title={text.help.title} description={text.help.description} />
      <Card bordered={false} className={styles.card}>
        {body}
      </Card>
    </>
  );
}
