/**
 * My tasks (/profile/task): the creator's active tasks with clicks, orders, amounts and shares — a table on desktop,
 * cards on mobile — each with '推广链接' to reopen its promotion dialog (receive is idempotent); narrowed by task type,
 * each dated by when its promotion started.
 */
import { Button, Radio, Spin, Table, type TableColumnProps } from '@arco-design/web-react';
import { IconFire } from '@arco-design/web-react/icon';
import { TASK_TYPE_LABELS, TaskType, type MyTaskRow, type Paged } from '@cc/contracts';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AppBadge } from '../../components/app-badge';
import { EmptyState } from '../../components/empty-state';
import { ListPager } from '../../components/list-pager';
import { QueryView } from '../../components/query-view';
import { PageHeading } from '../../components/page-heading';
import { PromotionButton } from '../../components/promotion/promotion-button';
import { fillText } from '../../lib/fill-text';
import { formatCount, formatDateTime, formatYuan } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useIsMobile } from '../../lib/use-is-mobile';
import { text } from '../../locales/zh-CN';
import { useMyTasks } from './api/get-my-tasks';
import styles from './my-task-page.module.css';

const PAGE_SIZE = 10;
const ALL_TYPES = 'all';
const columnsText = text.task.my.columns;

function promotionTask(row: MyTaskRow) {
  return { task_id: row.task_id, task_type: row.task_type, serial_name: row.serial_name, app_name: row.app_name };
}

function LinkButton({ row, long = false }: { row: MyTaskRow; long?: boolean }) {
  return (
    <PromotionButton size="small" type="outline" long={long} task={promotionTask(row)}>
      {text.task.my.promotionLink}
    </PromotionButton>
  );
}

function Serial({ row }: { row: MyTaskRow }) {
  return (
    <div className={styles.serial}>
      <img className={styles.cover} src={row.cover} alt="" loading="lazy" />
      <div className={styles.serialText}>
        <div className={styles.serialName} title={row.serial_name}>
          {row.serial_name}
        </div>
        <AppBadge name={row.app_name} />
      </div>
    </div>
  );
}

const columns: TableColumnProps<MyTaskRow>[] = [
  { title: columnsText.serial, dataIndex: 'serial_name', width: 240, render: (_, row) => <Serial row={row} /> },
  { title: columnsText.code, dataIndex: 'code', render: (code: string) => <span className={styles.code}>{code}</span> },
  {
    title: columnsText.clicks,
    dataIndex: 'click_count',
    align: 'right',
    // A figure in a row, which no role is named by: tests find it by test id.
    render: (count: number) => <span data-testid="click-count">{formatCount(count)}</span>,
  },
  {
    title: columnsText.orders,
    dataIndex: 'order_count',
    align: 'right',
    render: (count: number) => formatCount(count),
  },
  { title: columnsText.orderAmount, dataIndex: 'order_amount', align: 'right', render: formatYuan },
  { title: columnsText.adAmount, dataIndex: 'ad_amount', align: 'right', render: formatYuan },
  {
    title: columnsText.share,
    dataIndex: 'share_amount',
    align: 'right',
    render: (amount: string) => <span className={styles.share}>{formatYuan(amount)}</span>,
  },
  { title: columnsText.activedAt, dataIndex: 'actived_at', width: 150, render: (time: string) => formatDateTime(time) },
  { title: columnsText.action, dataIndex: 'atr_id', width: 110, render: (_, row) => <LinkButton row={row} /> },
];

function TaskTable({ rows }: { rows: MyTaskRow[] }) {
  return (
    <Table<MyTaskRow>
      className={styles.table}
      rowKey="atr_id"
      columns={columns}
      data={rows}
      pagination={false}
      border={false}
    />
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.cardFigure}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function TaskCards({ rows }: { rows: MyTaskRow[] }) {
  return (
    <ul className={styles.cards}>
      {rows.map((row) => (
        <li key={row.atr_id} className={styles.card}>
          <Serial row={row} />
          <div className={styles.cardCode}>{fillText(text.task.my.code, { code: row.code })}</div>
          <dl className={styles.cardFigures}>
            <Figure label={columnsText.clicks}>
              <span data-testid="click-count">{formatCount(row.click_count)}</span>
            </Figure>
            <Figure label={columnsText.orders}>{formatCount(row.order_count)}</Figure>
            <Figure label={columnsText.orderAmount}>{formatYuan(row.order_amount)}</Figure>
            <Figure label={columnsText.adAmount}>{formatYuan(row.ad_amount)}</Figure>
            <Figure label={columnsText.share}>
              <span className={styles.share}>{formatYuan(row.share_amount)}</span>
            </Figure>
          </dl>
          <div className={styles.cardFooter}>
            <span>{fillText(text.task.my.activedAt, { time: formatDateTime(row.actived_at) })}</span>
            <LinkButton row={row} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const TYPE_OPTIONS = [
  { label: text.task.my.allTypes, value: ALL_TYPES },
  ...Object.values(TaskType).map((type) => ({ label: TASK_TYPE_LABELS[type], value: String(type) })),
];

/** 全部 / 短剧 / 小说: the task types my tasks can be narrowed to (`my_task?task_type=`). */
function TypeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <Radio.Group
      type="button"
      className={styles.filter}
      aria-label={text.task.my.typeFilter}
      options={TYPE_OPTIONS}
      value={value}
      onChange={onChange}
    />
  );
}

export function MyTaskPage() {
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [type, setType] = useState(ALL_TYPES);
  const tasks = useMyTasks({
    page_num: page,
    page_size: PAGE_SIZE,
    ...(type !== ALL_TYPES && { task_type: Number(type) as TaskType }),
  });

  function chooseType(next: string) {
    setType(next);
    setPage(1);
  }

  function renderBody() {
    return (
      <QueryView query={tasks} loading={<Spin className={styles.loading} />}>
        {renderTasks}
      </QueryView>
    );
  }

  function renderTasks({ data, page: pageInfo }: Paged<MyTaskRow>) {
    if (data.length === 0) {
      return (
        <EmptyState
          description={type === ALL_TYPES ? text.task.my.empty : text.task.my.emptyOfType}
          hint=""
          icon={<IconFire />}
          action={
            <Button type="primary" onClick={() => void navigate(paths.task)}>
              {text.task.my.toTask}
            </Button>
          }
        />
      );
    }
    return (
      <>
        {isMobile ? <TaskCards rows={data} /> : <TaskTable rows={data} />}
        <ListPager className={styles.pager} page={pageInfo} pageSize={PAGE_SIZE} simple={isMobile} onChange={setPage} />
      </>
    );
  }

  return (
    <>
      <PageHeading
        title={text.task.myTaskTitle}
        description={text.task.myTaskDescription}
        back={{ to: paths.profile, label: text.common.backToProfile }}
      />
      <section className={isMobile ? undefined : styles.panel}>
        <TypeFilter value={type} onChange={chooseType} />
        {renderBody()}
      </section>
    </>
  );
}
