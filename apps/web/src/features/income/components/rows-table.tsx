/** A desktop income list: a borderless table without its own paging (ListPager pages it). */
import { Table, type TableColumnProps } from '@arco-design/web-react';
import styles from '../income-page.module.css';

interface RowsTableProps<T> {
  rowKey: keyof T & string;
  columns: TableColumnProps<T>[];
  data: T[];
  /** Width below which the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

export function RowsTable<T extends object>({ rowKey, columns, data, minWidth }: RowsTableProps<T>) {
  return (
    <Table<T>
      className={styles.table}
      rowKey={rowKey}
      columns={columns}
      data={data}
      pagination={false}
      border={false}
      scroll={minWidth ? { x: minWidth } : undefined}
    />
  );
}
