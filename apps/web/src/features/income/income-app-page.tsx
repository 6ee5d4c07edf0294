/**
 * Income per app (/income/app): one tab per task type (`/sett/app/list?task_type=`), each app with its figures; its
 * share income split into 推广收益 (the creator's own tasks, the figure my tasks shows) and 团队收益.
 */
import type { TableColumnProps } from '@arco-design/web-react';
import { IconApps } from '@arco-design/web-react/icon';
import { TASK_TYPE_LABELS, TaskType, type SettAppListRow } from '@cc/contracts';
import { useState } from 'react';
import { AppBadge } from '../../components/app-badge';
import { HeaderTabs } from '../../components/arco-a11y/header-tabs';
import { EmptyState } from '../../components/empty-state';
import { PageHeading } from '../../components/page-heading';
import { formatCount, formatYuan } from '../../lib/format';
import { useIsMobile } from '../../lib/use-is-mobile';
import { text } from '../../locales/zh-CN';
import { incomeText } from '../../locales/zh-CN/income';
import { useSettAppList } from './api/get-sett-app-list';
import { BackToIncome } from './components/back-to-income';
import { QueryView } from '../../components/query-view';
import { RowsTable } from './components/rows-table';
import styles from './income-page.module.css';

const t = incomeText.app.columns;

const columns: TableColumnProps<SettAppListRow>[] = [
  {
    title: t.app,
    dataIndex: 'app_name',
    render: (name: string, row) => <AppBadge name={name} iconUrl={row.app_icon || undefined} />,
  },
  { title: t.orders, dataIndex: 'order_count', align: 'right', render: formatCount },
  { title: t.refunds, dataIndex: 'refund_count', align: 'right', render: formatCount },
  { title: t.orderAmount, dataIndex: 'order_amount', align: 'right', render: formatYuan },
  {
    title: t.shareAmount,
    dataIndex: 'share_amount',
    align: 'right',
    render: (amount: string) => <span className={styles.share}>{formatYuan(amount)}</span>,
  },
  {
    title: t.ownShare,
    dataIndex: 'own_share_amount',
    align: 'right',
    render: formatYuan,
  },
  { title: t.teamShare, dataIndex: 'team_share_amount', align: 'right', render: formatYuan },
  { title: t.settled, dataIndex: 'settled_amount', align: 'right', render: formatYuan },
  { title: t.toBeSettled, dataIndex: 'to_be_settled_amount', align: 'right', render: formatYuan },
];

function AppCards({ apps }: { apps: SettAppListRow[] }) {
  return (
    <ul className={styles.cards}>
      {apps.map((app) => (
        <li key={app.app_id ?? 'other'} className={styles.card}>
          <div className={styles.cardTop}>
            <AppBadge name={app.app_name} iconUrl={app.app_icon || undefined} />
            <span className={styles.share}>{formatYuan(app.share_amount)}</span>
          </div>
          <div className={styles.cardMeta}>
            <span>
              {t.orders} {formatCount(app.order_count)} · {t.orderAmount} {formatYuan(app.order_amount)}
            </span>
            <span>
              {t.ownShare} {formatYuan(app.own_share_amount)} · {t.teamShare} {formatYuan(app.team_share_amount)}
            </span>
            <span>
              {t.settled} {formatYuan(app.settled_amount)} · {t.toBeSettled} {formatYuan(app.to_be_settled_amount)}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function AppFigures({ taskType }: { taskType: TaskType }) {
  const isMobile = useIsMobile();
  const apps = useSettAppList(taskType);
  return (
    <QueryView query={apps}>
      {(data) => {
        if (data.length === 0) {
          return <EmptyState description={incomeText.app.empty} hint="" icon={<IconApps />} />;
        }
        if (isMobile) return <AppCards apps={data} />;
        return <RowsTable rowKey="app_name" columns={columns} data={data} />;
      }}
    </QueryView>
  );
}

export function IncomeAppPage() {
  const [taskType, setTaskType] = useState<TaskType>(TaskType.Playlet);
  return (
    <div className={styles.page}>
      <BackToIncome />
      <PageHeading title={incomeText.appTitle} description={incomeText.appDescription} />
      <section className={styles.panel}>
        <HeaderTabs
          label={text.task.my.typeFilter}
          activeTab={String(taskType)}
          onChange={(key) => setTaskType(Number(key) as TaskType)}
        >
          {Object.values(TaskType).map((type) => (
            <HeaderTabs.TabPane key={String(type)} title={TASK_TYPE_LABELS[type]} />
          ))}
        </HeaderTabs>
        <AppFigures taskType={taskType} />
      </section>
    </div>
  );
}
