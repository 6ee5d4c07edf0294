/**
 * '积分明细': the balance with its bought and gifted parts, tabs by record type, and the records,
 * 10 a page, loading more on scroll (throttled to one check per 800 ms).
 */
import { Button, Spin } from '@arco-design/web-react';
import { IconFile } from '@arco-design/web-react/icon';
import { CreditRecordType, POINTS_SCROLL_THROTTLE_MS, type CreditRecord } from '@cc/contracts';
import { useEffect, useRef, useState } from 'react';
import { HeaderTabs } from '../../../components/arco-a11y/header-tabs';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { ApiError } from '../../../lib/api-error';
import { useCreditTotal } from '../../../lib/credit/get-credit-total';
import { showPointsView } from '../../../lib/credit/points-modal';
import { formatDateTime } from '../../../lib/format';
import { openLoginModal } from '../../../lib/session/login-modal';
import { useIsLoggedIn } from '../../../lib/session/token';
import { throttle } from '../../../lib/throttle';
import { text } from '../../../locales/zh-CN';
import { useCreditDetail, type RecordFilter } from '../api/get-credit-detail';
import styles from './points-modal.module.css';

/** Within this many pixels of the bottom, the next page loads. */
const LOAD_MORE_EDGE_PX = 48;

const TABS: ReadonlyArray<{ key: string; type: RecordFilter; title: string }> = [
  { key: 'all', type: null, title: text.credit.tabs.all },
  { key: String(CreditRecordType.Cost), type: CreditRecordType.Cost, title: text.credit.tabs.cost },
  { key: String(CreditRecordType.Purchase), type: CreditRecordType.Purchase, title: text.credit.tabs.purchase },
  { key: String(CreditRecordType.Gift), type: CreditRecordType.Gift, title: text.credit.tabs.gift },
];

/** '+100' for points in, '-30' for points out. */
function signedCredit(credit: number): string {
  return credit > 0 ? `+${credit}` : String(credit);
}

function RecordRow({ record }: { record: CreditRecord }) {
  return (
    <li className={styles.record}>
      <div className={styles.recordMain}>
        <div className={styles.recordTitle}>{record.title}</div>
        <time className={styles.recordTime} dateTime={record.created_at}>
          {formatDateTime(record.created_at)}
        </time>
      </div>
      <span className={record.credit > 0 ? styles.creditIn : styles.creditOut}>{signedCredit(record.credit)}</span>
    </li>
  );
}

function RecordList({ type }: { type: RecordFilter }) {
  const records = useCreditDetail(type, { enabled: true });
  const listRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = records;

  useEffect(() => {
    const list = listRef.current;
    if (!list || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    const check = throttle(() => {
      if (list.scrollHeight - list.scrollTop - list.clientHeight <= LOAD_MORE_EDGE_PX) void fetchNextPage();
    }, POINTS_SCROLL_THROTTLE_MS);
    list.addEventListener('scroll', check.run, { passive: true });
    return () => {
      list.removeEventListener('scroll', check.run);
      check.cancel();
    };
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (records.isPending) {
    return (
      <div className={styles.listState}>
        <Spin tip={text.common.loading} />
      </div>
    );
  }
  if (records.isError) {
    const message = records.error instanceof ApiError ? records.error.msg : '';
    return <LoadError message={message} onRetry={() => void records.refetch()} retrying={records.isFetching} />;
  }
  const rows = records.data.pages.flatMap((page) => page.data);
  if (rows.length === 0) {
    return <EmptyState icon={<IconFile className={styles.emptyIcon} />} description={text.credit.empty} hint="" />;
  }
  return (
    <div ref={listRef} className={styles.records}>
      <ul className={styles.recordList}>
        {rows.map((record) => (
          <RecordRow key={record.id} record={record} />
        ))}
      </ul>
      <div className={styles.listFooter}>
        {isFetchingNextPage ? (
          <Spin size={16} />
        ) : isFetchNextPageError ? (
          <Button type="text" size="mini" onClick={() => void fetchNextPage()}>
            {text.credit.loadMore}
          </Button>
        ) : hasNextPage ? null : (
          text.credit.noMore
        )}
      </div>
    </div>
  );
}

function Balance() {
  const { data: total } = useCreditTotal();
  const unknown = '--';
  return (
    <div className={styles.balance}>
      <div>
        <div className={styles.balanceLabel}>{text.credit.balance.total}</div>
        <strong className={styles.balanceTotal}>{total?.total ?? unknown}</strong>
        <div className={styles.balanceParts}>
          <span>
            {text.credit.balance.buy} <b>{total?.buy ?? unknown}</b>
          </span>
          <span>
            {text.credit.balance.gift} <b>{total?.gift ?? unknown}</b>
          </span>
        </div>
      </div>
      <Button type="primary" shape="round" onClick={() => showPointsView('list')}>
        {text.credit.recharge}
      </Button>
    </div>
  );
}

export function PointsDetailView() {
  const isLoggedIn = useIsLoggedIn();
  const [tab, setTab] = useState('all');

  if (!isLoggedIn) {
    return (
      <EmptyState
        description={text.credit.loginFirst}
        hint=""
        action={
          <Button type="primary" onClick={() => openLoginModal()}>
            {text.credit.login}
          </Button>
        }
      />
    );
  }
  const type = TABS.find((item) => item.key === tab)?.type ?? null;
  return (
    <div>
      <Balance />
      <HeaderTabs label={text.credit.tabsLabel} activeTab={tab} onChange={setTab} className={styles.tabs}>
        {TABS.map((item) => (
          <HeaderTabs.TabPane key={item.key} title={item.title} />
        ))}
      </HeaderTabs>
      {/* Each tab has its own list, so switching starts at the top of that list. */}
      <RecordList key={tab} type={type} />
    </div>
  );
}
