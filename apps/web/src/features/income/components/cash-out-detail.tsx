/**
 * The detail of one record (`/sett/cash_out/detail?id=`) in a drawer: a withdrawal's amounts before and after tax,
 * payee, times, reason and 取消提现 while it may; a purchase's order and what the wallet paid.
 */
import { OutStatus, type WithdrawalRecord } from '@cc/contracts';
import type { ReactNode } from 'react';
import { AppDrawer } from '../../../components/arco-a11y/app-drawer';
import { formatDateTime, formatYuan } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { incomeText } from '../../../locales/zh-CN/income';
import { useCashOutDetail } from '../api/get-cash-out-detail';
import styles from '../income-page.module.css';
import { CancelCashOutButton } from './cash-out-cancel';
import { payeeText } from './payee-text';
import { QueryView } from '../../../components/query-view';
import { OutStatusTag } from './status-tags';

const f = incomeText.cashOut.fields;

/** A purchase paid from the wallet: the order it paid and what left the wallet; no payee, the tax final. */
function purchaseRows(record: WithdrawalRecord) {
  return [
    { label: f.status, value: <OutStatusTag text={record.out_status_text} style={record.out_status_style} /> },
    { label: f.type, value: incomeText.cashOut.types.purchase },
    // A value beside its label, which no role is named by: tests find it by test id.
    { label: f.orderNo, value: <span data-testid="cash-out-order">{record.order_no}</span> },
    { label: f.walletAmount, value: <strong className={styles.share}>{formatYuan(record.wallet_amount)}</strong> },
    { label: f.pointsAmount, value: formatYuan(record.amount) },
    { label: f.purchaseTax, value: formatYuan(record.tax) },
    { label: f.purchasedAt, value: formatDateTime(record.created_at) },
  ];
}

function detailRows(record: WithdrawalRecord) {
  if (record.record_type === 'purchase') return purchaseRows(record);
  // Until the payout starts the tax is the apply's estimate; the payment fixes it (ADR 0013).
  const estimated = record.tax_estimated;
  const rows: { label: string; value: ReactNode }[] = [
    { label: f.status, value: <OutStatusTag text={record.out_status_text} style={record.out_status_style} /> },
    { label: f.preAmount, value: formatYuan(record.pre_pay_amount) },
    { label: estimated ? f.taxEstimated : f.tax, value: formatYuan(record.tax) },
    {
      label: estimated ? f.payAmountEstimated : f.payAmount,
      value: <strong className={styles.share}>{formatYuan(record.pay_amount)}</strong>,
    },
    { label: f.account, value: payeeText(record) },
    { label: f.realName, value: record.real_name },
    { label: f.createdAt, value: formatDateTime(record.created_at) },
  ];
  if (record.finish_at) rows.push({ label: f.finishAt, value: formatDateTime(record.finish_at) });
  if (record.is_offline === 1) rows.push({ label: f.offline, value: f.offlineYes });
  if (estimated) rows.push({ label: f.tax, value: f.taxEstimatedNote });
  // A reason is the rejection's, or the last failed payout's while the record still waits.
  if (record.reason && record.out_status !== OutStatus.Complete) rows.push({ label: f.reason, value: record.reason });
  return rows;
}

interface DetailProps {
  id: number | null;
  /** A points purchase (积分购买详情), not a withdrawal. */
  purchase?: boolean;
  onClose: () => void;
}

export function CashOutDetailDrawer({ id, purchase = false, onClose }: DetailProps) {
  const isMobile = useIsMobile();
  const detail = useCashOutDetail(id);
  const title = purchase ? incomeText.cashOut.purchaseDetailTitle : incomeText.cashOut.detailTitle;

  return (
    <AppDrawer
      label={title}
      visible={id !== null}
      title={title}
      placement={isMobile ? 'bottom' : 'right'}
      width={isMobile ? undefined : 420}
      height={isMobile ? '70%' : undefined}
      footer={null}
      onCancel={onClose}
      unmountOnExit
    >
      {id !== null && (
        <QueryView query={detail}>
          {(record) => (
            <>
              <dl className={styles.detail}>
                {detailRows(record).map((row) => (
                  <div key={row.label}>
                    <dt>{row.label}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
              <CancelCashOutButton record={record} long />
            </>
          )}
        </QueryView>
      )}
    </AppDrawer>
  );
}
