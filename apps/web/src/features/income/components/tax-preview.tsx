/** The tax preview of a withdrawal (`cash_out/tax`): income, tax withheld and what reaches the account. */
import { Spin } from '@arco-design/web-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CashOutTax } from '@cc/contracts';
import { ApiError } from '../../../lib/api-error';
import { formatYuan } from '../../../lib/format';
import { incomeText } from '../../../locales/zh-CN/income';
import styles from '../withdraw-page.module.css';

const t = incomeText.withdrawForm;

export function TaxPreview({ tax }: { tax: UseQueryResult<CashOutTax> }) {
  if (tax.isFetching && !tax.data) {
    return (
      <div className={styles.tax}>
        <Spin size={14} /> {t.taxLoading}
      </div>
    );
  }
  if (tax.isError) {
    return (
      <div className={styles.taxError} role="alert">
        {(tax.error instanceof ApiError && tax.error.msg) || t.taxFailed}
      </div>
    );
  }
  if (!tax.data) return null;
  return (
    <dl className={styles.tax}>
      <div>
        <dt>{t.income}</dt>
        <dd>{formatYuan(tax.data.income)}</dd>
      </div>
      <div>
        <dt>{t.tax}</dt>
        {/* Figures beside their labels, which no role is named by: tests find them by test id. */}
        <dd data-testid="tax-tax">{formatYuan(tax.data.tax)}</dd>
      </div>
      <div>
        <dt>{t.payAmount}</dt>
        <dd className={styles.pay} data-testid="tax-pay">
          {formatYuan(tax.data.pay_amount)}
        </dd>
      </div>
      <p className={styles.taxNote}>{t.taxNote}</p>
    </dl>
  );
}
