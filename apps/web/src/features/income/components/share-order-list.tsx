/**
 * The share orders of /income (`/sett/order/page`): filters, a table on desktop and cards on a
 * phone, settlement status (待结算, 已结算), paging, and the export of the filtered rows as an .xlsx.
 */
import { Button, type TableColumnProps } from '@arco-design/web-react';
import { IconDownload, IconFire } from '@arco-design/web-react/icon';
import { ShareType, type Paged, type ShareOrder } from '@cc/contracts';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { fillText } from '../../../lib/fill-text';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { incomeText } from '../../../locales/zh-CN/income';
import { useExportSettData } from '../api/export-sett-data';
import { useSettOrders } from '../api/get-sett-orders';
import styles from '../income-page.module.css';
import { ListPager } from '../../../components/list-pager';
import { QueryView } from '../../../components/query-view';
import { RowsTable } from './rows-table';
import { ShareOrderFilterBar, type ShareOrderFilters } from './share-order-filters';
import { SettStatusTag } from './status-tags';

const PAGE_SIZE = 10;
const t = incomeText.orders;

function Serial({ row }: { row: ShareOrder }) {
  return (
    <div className={styles.serialCell}>
      <div className={styles.serialName}>{row.serial_name || row.share_type_text}</div>
      {row.app_name && <div className={styles.muted}>{row.app_name}</div>}
      {row.share_type !== ShareType.Mine && row.attract_agent && (
        <div className={styles.muted}>{fillText(t.attractAgent, { name: row.attract_agent })}</div>
      )}
    </div>
  );
}

function Amount({ value }: { value: string }) {
  return <span className={Number(value) < 0 ? styles.negative : styles.share}>{formatYuan(value)}</span>;
}

function Status({ row }: { row: ShareOrder }) {
  return (
    <div className={styles.statusCell}>
      <SettStatusTag status={row.sett_status} text={row.sett_status_text} />
      {row.sett_status === 1 && row.expected_sett_date && (
        <span className={styles.muted}>{fillText(t.expectedOn, { date: row.expected_sett_date })}</span>
      )}
    </div>
  );
}

const columns: TableColumnProps<ShareOrder>[] = [
  { title: t.columns.orderAt, dataIndex: 'order_at', width: 150, render: (time: string) => formatDateTime(time) },
  { title: t.columns.serial, dataIndex: 'serial_name', render: (_, row) => <Serial row={row} /> },
  {
    title: t.columns.orderId,
    dataIndex: 'order_id',
    render: (id: string) => <span className={styles.mono}>{id}</span>,
  },
  { title: t.columns.shareType, dataIndex: 'share_type_text' },
  { title: t.columns.orderType, dataIndex: 'order_type_text' },
  { title: t.columns.orderAmount, dataIndex: 'order_amount', align: 'right', render: formatYuan },
  {
    title: t.columns.shareAmount,
    dataIndex: 'share_amount',
    align: 'right',
    render: (amount: string) => <Amount value={amount} />,
  },
  { title: t.columns.settStatus, dataIndex: 'sett_status', width: 170, render: (_, row) => <Status row={row} /> },
];

function OrderCards({ rows }: { rows: ShareOrder[] }) {
  return (
    <ul className={styles.cards}>
      {rows.map((row) => (
        <li key={row.id} className={styles.card}>
          <div className={styles.cardTop}>
            <Serial row={row} />
            <Amount value={row.share_amount} />
          </div>
          <div className={styles.cardMeta}>
            <span>
              {row.share_type_text} · {row.order_type_text} · {formatYuan(row.order_amount)}
            </span>
            <span>{formatDateTime(row.order_at)}</span>
          </div>
          <Status row={row} />
        </li>
      ))}
    </ul>
  );
}

export function ShareOrderList() {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ShareOrderFilters>({});
  const [page, setPage] = useState(1);
  const orders = useSettOrders({ ...filters, page_num: page, page_size: PAGE_SIZE });
  const exporter = useExportSettData();
  const titleId = useId();

  function changeFilters(next: ShareOrderFilters) {
    setFilters(next);
    setPage(1);
  }

  function renderOrders({ data, page: pageInfo }: Paged<ShareOrder>) {
    if (data.length === 0) {
      return (
        <EmptyState
          description={t.empty}
          hint={t.emptyHint}
          icon={<IconFire />}
          action={
            <Button type="primary" onClick={() => void navigate(paths.task)}>
              {t.toTask}
            </Button>
          }
        />
      );
    }
    return (
      <>
        {isMobile ? <OrderCards rows={data} /> : <RowsTable rowKey="id" columns={columns} data={data} minWidth={960} />}
        <ListPager page={pageInfo} pageSize={PAGE_SIZE} simple={isMobile} onChange={setPage} />
      </>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <header className={styles.panelHeader}>
        <h2 className={styles.panelTitle} id={titleId}>
          {t.title}
        </h2>
        <Button
          size="small"
          icon={<IconDownload />}
          loading={exporter.isPending}
          onClick={() => exporter.mutate({ kind: 'orders', ...filters })}
        >
          {t.export}
        </Button>
      </header>
      <ShareOrderFilterBar value={filters} onChange={changeFilters} />
      <QueryView query={orders}>{renderOrders}</QueryView>
    </section>
  );
}
