/** The headline figures of /income (`/sett/order/aggr`): the withdrawable balance with the 提现 entry, then the totals. */
import { Button } from '@arco-design/web-react';
import type { SettOrderAggr } from '@cc/contracts';
import { useNavigate } from 'react-router';
import { formatYuan } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { incomeText } from '../../../locales/zh-CN/income';
import { useSettAggr } from '../api/get-sett-aggr';
import styles from '../income-page.module.css';
import { QueryView } from '../../../components/query-view';

const FIGURES: ReadonlyArray<{ key: keyof SettOrderAggr; label: string }> = [
  { key: 'today', label: incomeText.summary.today },
  { key: 'yesterday', label: incomeText.summary.yesterday },
  { key: 'this_month', label: incomeText.summary.thisMonth },
  { key: 'total', label: incomeText.summary.total },
  { key: 'settled', label: incomeText.summary.settled },
  { key: 'to_be_settled', label: incomeText.summary.toBeSettled },
];

export function IncomeSummary() {
  const navigate = useNavigate();
  const aggr = useSettAggr();

  return (
    <section className={styles.summary} aria-label={incomeText.summary.label}>
      <QueryView query={aggr}>
        {(figures) => <Figures figures={figures} onWithdraw={() => void navigate(paths.withdraw)} />}
      </QueryView>
    </section>
  );
}

function Figures({ figures, onWithdraw }: { figures: SettOrderAggr; onWithdraw: () => void }) {
  return (
    <>
      <div className={styles.balance}>
        <div className={styles.balanceLabel}>{incomeText.summary.canOut}</div>
        {/* Figures are text beside their labels, which name no role: the tests find them by test id. */}
        <div className={styles.balanceAmount} data-testid="can-out">
          {formatYuan(figures.can_out)}
        </div>
        <Button type="primary" shape="round" onClick={onWithdraw}>
          {incomeText.withdraw}
        </Button>
      </div>
      <dl className={styles.figures}>
        {FIGURES.map(({ key, label }) => (
          <div key={key} className={styles.figure}>
            <dt>{label}</dt>
            <dd data-testid={`figure-${key}`}>{formatYuan(figures[key])}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
