/** The three states of every income query: a spinner while loading, the error with retry, else its data rendered. */
import { Spin, Table, type TableColumnProps } from '@arco-design/web-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppPagination } from '../../../components/arco-a11y/app-pagination';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import styles from '../income-page.module.css';

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

export function QueryView<T>({ query, children }: QueryViewProps<T>) {
  if (query.isPending) return <Spin className={styles.loading} />;
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

interface ListPagerProps {
  page: { total_count: number; page_num: number };
  pageSize: number;
  simple: boolean;
  onChange: (page: number) => void;
}

/** Paging under a list, shown only when there is more than one page. */
export function ListPager({ page, pageSize, simple, onChange }: ListPagerProps) {
  if (page.total_count <= pageSize) return null;
  return (
    <AppPagination
      className={styles.pager}
      current={page.page_num}
      pageSize={pageSize}
      total={page.total_count}
      simple={simple}
      onChange={onChange}
    />
  );
}

interface RowsTableProps<T> {
  rowKey: keyof T & string;
  columns: TableColumnProps<T>[];
  data: T[];
  /** data-testid of every row. */
  rowTestId: string;
  /** Width below which the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

/** A desktop list: a borderless table without its own paging (ListPager pages it). */
export function RowsTable<T extends object>({ rowKey, columns, data, rowTestId, minWidth }: RowsTableProps<T>) {
  return (
    <Table<T>
      className={styles.table}
      rowKey={rowKey}
      columns={columns}
      data={data}
      pagination={false}
      border={false}
      scroll={minWidth ? { x: minWidth } : undefined}
      onRow={() => ({ 'data-testid': rowTestId })}
    />
  );
}
