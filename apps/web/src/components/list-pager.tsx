/** Paging under a list, one way everywhere: shown only when there is more than one page. */
import { AppPagination } from './arco-a11y/app-pagination';
import styles from './list-pager.module.css';

/** A paged answer's `page` (its page_num shown), or the page a list keeps itself and the answer's total. */
type Position = { page: { page_num: number; total_count: number } } | { current: number; total: number };

type ListPagerProps = Position & {
  pageSize: number;
  onChange: (page: number) => void;
  /** The compact "‹ 2 / 5 ›" form, for phones and narrow panels. */
  simple?: boolean;
  size?: 'small';
  /** The pager's place when a page wants other than right-aligned, 16 px below the list. */
  className?: string;
};

export function ListPager({ pageSize, onChange, simple = false, size, className, ...position }: ListPagerProps) {
  const { current, total } =
    'page' in position ? { current: position.page.page_num, total: position.page.total_count } : position;
  if (total <= pageSize) return null;
  return (
    <AppPagination
      className={className ?? styles.pager}
      current={current}
      pageSize={pageSize}
      total={total}
      simple={simple}
      size={size}
      onChange={onChange}
    />
  );
}
