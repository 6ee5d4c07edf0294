/** A team query's three states: a spinner while it loads, the error with a retry, else its data rendered. */
import { Spin } from '@arco-design/web-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import styles from '../team-page.module.css';

export function QueryState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isError) {
    const message = query.error instanceof ApiError ? query.error.msg : undefined;
    return <LoadError message={message} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  }
  return query.isPending ? <Spin className={styles.loading} /> : <>{children(query.data)}</>;
}
