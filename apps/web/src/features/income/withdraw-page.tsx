/**
 * Withdrawal (/income/withdraw): the balance and limits of `cash_out/first`, the withdraw form, and the success
 * state once `cash_out/apply` has accepted it.
 */
import { Button, Result } from '@arco-design/web-react';
import type { WithdrawalRecord } from '@cc/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { fillText } from '../../lib/fill-text';
import { formatYuan } from '../../lib/format';
import { paths } from '../../lib/paths';
import { incomeText } from '../../locales/zh-CN/income';
import { useCashOutFirst } from './api/get-cash-out-first';
import { BackToIncome } from './components/back-to-income';
import { CASH_OUT_ANCHOR } from './components/cash-out-anchor';
import { QueryView } from '../../components/query-view';
import { WithdrawForm } from './components/withdraw-form';
import styles from './withdraw-page.module.css';

const t = incomeText.withdrawForm;
/** 查看提现记录 opens /income at its records, not at its top. */
const cashOutRecords = `${paths.income}#${CASH_OUT_ANCHOR}`;

function Success({ record, onAgain }: { record: WithdrawalRecord; onAgain: () => void }) {
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={t.successTitle}
      subTitle={fillText(t.successHint, { amount: formatYuan(record.pay_amount) })}
      extra={[
        <Button key="records" type="primary" onClick={() => void navigate(cashOutRecords)}>
          {t.viewRecords}
        </Button>,
        <Button key="again" onClick={onAgain}>
          {t.again}
        </Button>,
      ]}
    />
  );
}

export function WithdrawPage() {
  const navigate = useNavigate();
  const first = useCashOutFirst();
  const [done, setDone] = useState<WithdrawalRecord | null>(null);

  return (
    <div className={styles.page}>
      <BackToIncome />
      <PageHeading
        title={incomeText.withdrawTitle}
        description={incomeText.withdrawDescription}
        extra={
          <Button type="outline" onClick={() => void navigate(cashOutRecords)}>
            {t.viewRecords}
          </Button>
        }
      />
      <div className={styles.panel}>
        {done ? (
          <Success record={done} onAgain={() => setDone(null)} />
        ) : (
          <QueryView query={first}>
            {(info) => (
              <>
                <div className={styles.balance}>
                  <span>{t.canOut}</span>
                  {/* A figure beside its label, which no role is named by: tests find it by test id. */}
                  <strong data-testid="withdraw-can-out">{formatYuan(info.can_out)}</strong>
                </div>
                <WithdrawForm first={info} onDone={setDone} />
              </>
            )}
          </QueryView>
        )}
      </div>
    </div>
  );
}
