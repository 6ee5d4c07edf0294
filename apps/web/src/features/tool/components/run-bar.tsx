/**
 * The price and the run button of a tool (spec §4 tool points check): the live quote, then on click the balance
 * check (short: the spec's message and the points list), then the job, sent once per click with its own key.
 */
import { Button, Message } from '@arco-design/web-react';
import { ErrorCode, type CreateJobInput } from '@cc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ensurePoints } from '../../../lib/credit/ensure-points';
import { openPointsModal } from '../../../lib/credit/points-modal';
import { fillText } from '../../../lib/fill-text';
import { toastFailure } from '../../../lib/toast';
import { text } from '../../../locales/zh-CN';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { createJob } from '../api/create-job';
import { toolKeys } from '../api/query-keys';
import { useQuote } from '../api/quote-job';
import styles from '../tool-page.module.css';

const t = toolText.run;

export function RunBar({
  job,
  label = t.start,
  onCreated,
}: {
  /** The run as it would be sent; null while the form is incomplete. */
  job: CreateJobInput | null;
  label?: string;
  onCreated: (jobId: string) => void;
}) {
  const quote = useQuote(job);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const price = job ? quote.data : undefined;

  async function run() {
    if (!job || !price) return;
    setBusy(true);
    try {
      if (!(await ensurePoints(price.price))) return;
      const result = await createJob(job, crypto.randomUUID());
      if (result.code === ErrorCode.insufficientPoints) {
        Message.error(text.credit.insufficientPoints);
        openPointsModal('list');
        return;
      }
      if (result.code !== 0 || !result.body) return toastFailure(result.msg);
      Message.success(t.submitted);
      void queryClient.invalidateQueries({ queryKey: toolKeys.jobs });
      void queryClient.invalidateQueries({ queryKey: ['credit'] });
      onCreated(result.body.job_id);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.runBar} data-tour="run">
      <div className={styles.price} data-testid="tool-price">
        {price ? (
          <>
            <strong>{fillText(t.price, { price: price.price })}</strong>
            <span className={styles.muted}>
              {fillText(t.priceDetail, {
                outputs: price.outputs,
                perOutput: price.per_output,
                perMinute: price.per_minute,
              })}
            </span>
          </>
        ) : quote.error && job ? (
          <span className={styles.error}>{(quote.error as { msg?: string }).msg || text.common.loadFailed}</span>
        ) : (
          <span className={styles.muted}>{toolText.picker.none}</span>
        )}
      </div>
      <Button
        type="primary"
        size="large"
        loading={busy}
        disabled={!price}
        onClick={() => void run()}
        data-testid="tool-run"
      >
        {label}
      </Button>
    </div>
  );
}
