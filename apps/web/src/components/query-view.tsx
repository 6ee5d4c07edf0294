/**
 * The three states of a query, rendered one way everywhere: a spinner while it loads, the error with the server's
 * message and a retry, else its data. Features give only what the data looks like (and their empty state in it).
 */
import { Spin } from '@arco-design/web-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-error';
import { LoadError } from './load-error';
import styles from './query-view.module.css';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  /** What shows while it loads when a page wants other than a spinner 60 px above and below (a skeleton, a taller box). */
  loading?: ReactNode;
}

export function QueryView<T>({ query, children, loading }: QueryViewProps<T>) {
  if (query.isPending) return loading ?? <Spin className={styles.loading} />;
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
