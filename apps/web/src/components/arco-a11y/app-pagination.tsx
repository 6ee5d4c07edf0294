/**
 * Arco's Pagination with a named page-number box: the `simple` pager (phones) and the jumper render an <input>
 * without a label and take no props for it. Use this instead of Arco's Pagination.
 */
import { Pagination, type PaginationProps } from '@arco-design/web-react';
import { text } from '../../locales/zh-CN';
import { setAttributeOnce, useDomFix } from './use-dom-fix';

export function AppPagination(props: PaginationProps) {
  const ref = useDomFix<HTMLDivElement>((root) => {
    for (const input of root.querySelectorAll('input')) setAttributeOnce(input, 'aria-label', text.common.pageNumber);
  }, []);
  return (
    <div ref={ref} style={{ display: 'contents' }}>
      <Pagination {...props} />
    </div>
  );
}
