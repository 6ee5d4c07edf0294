/** The cash-out history of /income (`/sett/cash_out/page`): §4 texts and style groups, paging, and a detail drawer. */
import { Button, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconSwap } from '@arco-design/web-react/icon';
import type { Paged, WithdrawalRecord } from '@cc/contracts';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { incomeText } from '../../../locales/zh-CN/income';
import { useCashOutPage } from '../api/get-cash-out-page';
import styles from '../income-page.module.css';
import { CashOutDetailDrawer } from './cash-out-detail';
import { payeeText } from './payee-text';
import { OutStatusTag } from './status-tags';
import { ListPager, QueryView, RowsTable } from './query-view';

const PAGE_SIZE = 10;
const t = incomeText.cashOut;

function statusOf(row: WithdrawalRecord) {
  return <OutStatusTag text={row.out_status_text} style={row.out_status_style} />;
}

/** What reaches the account: the final figure once the payout started, marked 预估 before. */
function payAmountOf(row: WithdrawalRecord) {
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

function columnsWith(open: (id: number) => void): TableColumnProps<WithdrawalRecord>[] {
  return [
    { title: t.columns.createdAt, dataIndex: 'created_at', render: (time: string) => formatDateTime(time) },
    { title: t.columns.amount, dataIndex: 'pre_pay_amount', align: 'right', render: formatYuan },
    { title: t.columns.payAmount, dataIndex: 'pay_amount', align: 'right', render: (_, row) => payAmountOf(row) },
    { title: t.columns.to, dataIndex: 'cash_out_to', render: (_, row) => payeeText(row) },
    { title: t.columns.status, dataIndex: 'out_status', render: (_, row) => statusOf(row) },
    {
      title: '',
      dataIndex: 'id',
      width: 80,
      render: (id: number) => (
        <Button type="text" size="small" onClick={() => open(id)} data-testid="cash-out-open">
          {t.detail}
        </Button>
      ),
    },
  ];
}

export function CashOutList() {
  const isMobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const records = useCashOutPage({ page_num: page, page_size: PAGE_SIZE });

  function renderRecords({ data, page: pageInfo }: Paged<WithdrawalRecord>) {
    if (data.length === 0) {
      return <EmptyState testId="cash-out-empty" description={t.empty} hint={t.emptyHint} icon={<IconSwap />} />;
    }
    return (
      <>
        {isMobile ? (
          <ul className={styles.cards}>
            {data.map((row) => (
              <li key={row.id} className={styles.card} data-testid="cash-out-row">
                <button
                  type="button"
                  className={styles.cardButton}
                  onClick={() => setOpenId(row.id)}
                  data-testid="cash-out-open"
                >
                  <div className={styles.cardTop}>
                    <strong>{formatYuan(row.pre_pay_amount)}</strong>
                    {statusOf(row)}
                  </div>
                  <div className={styles.cardMeta}>
                    <span>
                      {t.columns.payAmount} {payAmountOf(row)}
                    </span>
                    <span>{payeeText(row)}</span>
                    <span>{formatDateTime(row.created_at)}</span>
                  </div>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <RowsTable rowKey="id" columns={columnsWith(setOpenId)} data={data} rowTestId="cash-out-row" />
        )}
        <ListPager page={pageInfo} pageSize={PAGE_SIZE} simple={isMobile} onChange={setPage} />
      </>
    );
  }

  return (
    <section className={styles.panel}>
      <header className={styles.panelHeader}>
        <h2 className={styles.panelTitle}>{t.title}</h2>
      </header>
      <QueryView query={records}>{renderRecords}</QueryView>
      <CashOutDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </section>
  );
}
