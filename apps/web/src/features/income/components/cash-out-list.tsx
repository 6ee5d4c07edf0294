/**
 * The cash-out history of /income (`/sett/cash_out/page`): withdrawals with their payee and what reaches it, and
 * points purchases paid from the wallet as what they are (积分购买, the order, the amount the wallet paid, no
 * payee); status texts and style groups, paging, a detail drawer and 取消提现 while a withdrawal is still 已提交.
 */
import { Button, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconSwap } from '@arco-design/web-react/icon';
import type { Paged, WithdrawalRecord } from '@cc/contracts';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { fillText } from '../../../lib/fill-text';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { incomeText } from '../../../locales/zh-CN/income';
import { useCashOutPage } from '../api/get-cash-out-page';
import styles from '../income-page.module.css';
import { CASH_OUT_ANCHOR } from './cash-out-anchor';
import { CancelCashOutButton } from './cash-out-cancel';
import { CashOutDetailDrawer } from './cash-out-detail';
import { payeeText } from './payee-text';
import { OutStatusTag } from './status-tags';
import { ListPager } from '../../../components/list-pager';
import { QueryView } from '../../../components/query-view';
import { RowsTable } from './rows-table';

const PAGE_SIZE = 10;
const t = incomeText.cashOut;

/** What ends keeping the records in view: the creator moving the page themselves. */
const USER_MOVES = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
/** How long the records are kept in view while the page above them loads. */
const SETTLE_MS = 5_000;

const isPurchase = (row: WithdrawalRecord) => row.record_type === 'purchase';

function statusOf(row: WithdrawalRecord) {
  return <OutStatusTag text={row.out_status_text} style={row.out_status_style} />;
}

// The type, amounts and target below are values in a row, which no role is named by: tests find them by test id.
function typeOf(row: WithdrawalRecord) {
  return (
    <span className={styles.recordType} data-testid="cash-out-type" data-type={row.record_type}>
      {t.types[row.record_type]}
    </span>
  );
}

/** What reaches the account: the final figure once the payout started, marked 预估 before; nothing for a purchase. */
function payAmountOf(row: WithdrawalRecord) {
  if (isPurchase(row)) return <span data-testid="cash-out-pay">{t.noPayout}</span>;
  return (
    <span data-testid="cash-out-pay">
      {formatYuan(row.pay_amount)}
      {row.tax_estimated && (
        <Tag size="small" className={styles.estimated}>
          {t.columns.estimated}
        </Tag>
      )}
    </span>
  );
}

/** The payee of a withdrawal, or the order a purchase paid. */
function targetOf(row: WithdrawalRecord) {
  return (
    <span data-testid="cash-out-target">
      {isPurchase(row) ? fillText(t.order, { orderNo: row.order_no }) : payeeText(row)}
    </span>
  );
}

function amountOf(row: WithdrawalRecord) {
  return <span data-testid="cash-out-amount">{formatYuan(row.wallet_amount)}</span>;
}

function columnsWith(open: (row: WithdrawalRecord) => void): TableColumnProps<WithdrawalRecord>[] {
  return [
    { title: t.columns.createdAt, dataIndex: 'created_at', render: (time: string) => formatDateTime(time) },
    { title: t.columns.type, dataIndex: 'record_type', render: (_, row) => typeOf(row) },
    { title: t.columns.amount, dataIndex: 'wallet_amount', align: 'right', render: (_, row) => amountOf(row) },
    { title: t.columns.payAmount, dataIndex: 'pay_amount', align: 'right', render: (_, row) => payAmountOf(row) },
    { title: t.columns.to, dataIndex: 'cash_out_to', render: (_, row) => targetOf(row) },
    { title: t.columns.status, dataIndex: 'out_status', render: (_, row) => statusOf(row) },
    {
      title: '',
      dataIndex: 'id',
      width: 170,
      render: (_, row) => (
        <div className={styles.rowActions}>
          <Button type="text" size="small" onClick={() => open(row)}>
            {t.detail}
          </Button>
          <CancelCashOutButton record={row} />
        </div>
      ),
    },
  ];
}

function RecordCard({ row, onOpen }: { row: WithdrawalRecord; onOpen: () => void }) {
  return (
    <li className={styles.card}>
      <button type="button" className={styles.cardButton} onClick={onOpen}>
        <div className={styles.cardTop}>
          <span className={styles.cardTitle}>
            {typeOf(row)}
            <strong>{amountOf(row)}</strong>
          </span>
          {statusOf(row)}
        </div>
        <div className={styles.cardMeta}>
          {!isPurchase(row) && (
            <span>
              {t.columns.payAmount} {payAmountOf(row)}
            </span>
          )}
          {targetOf(row)}
          <span>{formatDateTime(row.created_at)}</span>
        </div>
      </button>
      <CancelCashOutButton record={row} long />
    </li>
  );
}

/**
 * Arriving at `/income#cash-out` (查看提现记录), the records are brought into view and kept there while the panels
 * above them load and grow, until the creator scrolls, touches or types, or the page has settled.
 */
function useScrollIntoViewWhenAsked() {
  const { hash, key } = useLocation();
  useEffect(() => {
    if (hash !== `#${CASH_OUT_ANCHOR}`) return;
    const show = () => document.getElementById(CASH_OUT_ANCHOR)?.scrollIntoView({ block: 'start' });
    const growing = new ResizeObserver(show);
    growing.observe(document.body);
    const stop = () => {
      growing.disconnect();
      for (const event of USER_MOVES) window.removeEventListener(event, stop);
      window.clearTimeout(settled);
    };
    for (const event of USER_MOVES) window.addEventListener(event, stop, { passive: true });
    const settled = window.setTimeout(stop, SETTLE_MS);
    show();
    return stop;
  }, [hash, key]);
}

export function CashOutList() {
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<WithdrawalRecord | null>(null);
  const records = useCashOutPage({ page_num: page, page_size: PAGE_SIZE });
  const titleId = useId();
  useScrollIntoViewWhenAsked();

  function renderRecords({ data, page: pageInfo }: Paged<WithdrawalRecord>) {
    if (data.length === 0) {
      return <EmptyState description={t.empty} hint={t.emptyHint} icon={<IconSwap />} />;
    }
    return (
      <>
        {isMobile ? (
          <ul className={styles.cards}>
            {data.map((row) => (
              <RecordCard key={row.id} row={row} onOpen={() => setOpen(row)} />
            ))}
          </ul>
        ) : (
          <RowsTable rowKey="id" columns={columnsWith(setOpen)} data={data} />
        )}
        <ListPager page={pageInfo} pageSize={PAGE_SIZE} simple={isMobile} onChange={setPage} />
      </>
    );
  }

  return (
    <section className={`${styles.panel} ${styles.records}`} id={CASH_OUT_ANCHOR} aria-labelledby={titleId}>
      <header className={styles.panelHeader}>
        <h2 className={styles.panelTitle} id={titleId}>
          {t.title}
        </h2>
      </header>
      <QueryView query={records}>{renderRecords}</QueryView>
      <CashOutDetailDrawer
        id={open?.id ?? null}
        purchase={open !== null && isPurchase(open)}
        onClose={() => setOpen(null)}
      />
    </section>
  );
}
