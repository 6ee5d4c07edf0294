/**
 * The confirmation before a run spends points: the tool, how many outputs, the price and the balance
 * after it, read fresh when the dialog opens. Short of points, it says so and links to the points list instead of
 * confirming. One request key is made per opening: a double tap on 确认 (or a retry after a dropped answer) sends
 * the same key, and the server answers the same job without charging again.
 */
import { Alert, Button, Spin } from '@arco-design/web-react';
import { ErrorCode, TOOL_LABELS, toolApi, type CreateJobInput, type Quote } from '@cc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { AppModal } from '../../../components/app-modal';
import { call } from '../../../lib/api-client';
import { creditTotalQueryOptions } from '../../../lib/credit/get-credit-total';
import { openPointsModal } from '../../../lib/credit/points-modal';
import { fillText } from '../../../lib/fill-text';
import { toastFailure } from '../../../lib/toast';
import { text } from '../../../locales/zh-CN';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { toolKeys } from '../api/query-keys';
import styles from '../tool-page.module.css';

const t = toolText.confirm;

export interface RunConfirmProps {
  job: CreateJobInput;
  quote: Quote;
  /** Said before confirming (a weak de-dup choice). */
  warning?: ReactNode;
  onClose: () => void;
  onCreated: (jobId: string) => void;
}

export function RunConfirm({ job, quote, warning, onClose, onCreated }: RunConfirmProps) {
  const queryClient = useQueryClient();
  // A fresh balance: another tab or a running job may have changed it since the bar loaded.
  const balance = useQuery({ ...creditTotalQueryOptions(), staleTime: 0, refetchOnMount: 'always' });
  const requestKey = useRef(crypto.randomUUID());
  const sending = useRef<Promise<void> | null>(null);
  const [busy, setBusy] = useState(false);
  const total = balance.data?.total;
  const short = total !== undefined && total < quote.price;

  async function send() {
    setBusy(true);
    try {
      const result = await call(toolApi.create, {
        body: job,
        headers: { 'idempotency-key': requestKey.current },
      });
      if (result.code === ErrorCode.insufficientPoints) {
        toastFailure(text.credit.insufficientPoints);
        void balance.refetch();
        return;
      }
      if (result.code !== 0 || !result.body) return toastFailure(result.msg);
      void queryClient.invalidateQueries({ queryKey: toolKeys.jobs });
      void queryClient.invalidateQueries({ queryKey: ['credit'] });
      onCreated(result.body.job_id);
    } finally {
      sending.current = null;
      setBusy(false);
    }
  }

  // A second tap while the first is on its way joins it instead of sending again.
  const confirm = () => (sending.current ??= send());

  return (
    <AppModal
      visible
      title={t.title}
      width={440}
      onCancel={onClose}
      maskClosable={!busy}
      footer={
        <div className={styles.confirmFooter}>
          <Button onClick={onClose} disabled={busy}>
            {t.back}
          </Button>
          {short ? (
            <Button
              type="primary"
              status="warning"
              onClick={() => {
                onClose();
                openPointsModal('list');
              }}
            >
              {t.buy}
            </Button>
          ) : (
            <Button type="primary" loading={busy} disabled={total === undefined} onClick={() => void confirm()}>
              {fillText(t.confirm, { price: quote.price })}
            </Button>
          )}
        </div>
      }
    >
      <dl className={styles.confirmList}>
        <dt>{t.tool}</dt>
        <dd>{TOOL_LABELS[job.tool]}</dd>
        <dt>{t.outputs}</dt>
        <dd>{fillText(t.outputCount, { count: quote.outputs })}</dd>
        <dt>{t.price}</dt>
        <dd className={styles.confirmPrice}>{fillText(t.points, { points: quote.price })}</dd>
        <dt>{t.balance}</dt>
        <dd>{total === undefined ? <Spin size={14} /> : fillText(t.points, { points: total })}</dd>
        <dt>{t.after}</dt>
        {/* A figure beside its label, which no role is named by: tests find it by test id. */}
        <dd data-testid="run-balance-after">
          {total === undefined ? '--' : short ? t.notEnough : fillText(t.points, { points: total - quote.price })}
        </dd>
      </dl>
      {warning && <Alert type="warning" content={warning} className={styles.confirmAlert} />}
      {short && (
        <Alert
          type="error"
          className={styles.confirmAlert}
          content={`${text.credit.insufficientPoints}（${fillText(t.missing, { points: quote.price - total })}）`}
        />
      )}
      {balance.isError && <Alert type="error" className={styles.confirmAlert} content={text.common.loadFailed} />}
      <p className={styles.muted}>{t.note}</p>
    </AppModal>
  );
}
