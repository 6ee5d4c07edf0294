/**
 * My income (/income): headline figures with the 提现 entry, the daily income chart, the share orders with filters
 * and export, and the cash-out history with its detail drawer.
 */
import { Button } from '@arco-design/web-react';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../lib/paths';
import { incomeText } from '../../locales/zh-CN/income';
import { CashOutList } from './components/cash-out-list';
import { IncomeChart } from './components/income-chart';
import { IncomeSummary } from './components/income-summary';
import { ShareOrderList } from './components/share-order-list';
import styles from './income-page.module.css';

export function IncomePage() {
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <PageHeading
        title={incomeText.title}
        description={incomeText.description}
        extra={
          <Button type="outline" onClick={() => void navigate(paths.incomeApp)}>
            {incomeText.byApp}
          </Button>
        }
      />
      <IncomeSummary />
      <IncomeChart />
      <ShareOrderList />
      <CashOutList />
    </div>
  );
}
