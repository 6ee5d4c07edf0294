/**
 * The three states of a query, rendered one way everywhere: a spinner while it loads, the error with the server's
 * message and a retry, else its data. Features give only what the data looks like (and their empty state in it).
 */
import { Spin } from '@arco-design/web-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-error';
import { text } from '../locales/zh-CN';
import { LoadError } from './load-error';
import styles from './query-view.module.css';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** What shows while it loads when a page wants other than a spinner 60 px above and below (a skeleton, a taller box). */
  loading?: ReactNode;
}

export function QueryView<T>({ query, children, loading }: QueryViewProps<T>) {
  // The spinner says what it is: a status a screen reader announces, as the app's other loading indicator. Arco's
  // Spin declares no role prop, but passes the props it does not know to its root element.
  const status = { role: 'status', 'aria-label': text.common.loading };
  if (query.isPending) return loading ?? <Spin className={styles.loading} {...status} />;
  if (query.isError) {
    return (
      <LoadError
        message={query.error instanceof ApiError ? query.error.msg : undefined}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <>{children(query.data)}</>;
}
