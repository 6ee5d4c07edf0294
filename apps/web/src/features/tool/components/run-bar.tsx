/**
 * The price and the run button of a tool (points are checked before a run): the live quote; the button opens the
 * confirmation (tool, outputs, price, balance after, or the way to buy points), and only its 确认 runs the job.
 */
import { Button, Message } from '@arco-design/web-react';
import type { CreateJobInput, Quote } from '@cc/contracts';
import { useState, type ReactNode } from 'react';
import { fillText } from '../../../lib/fill-text';
import { openLoginModal } from '../../../lib/session/login-modal';
import { getToken } from '../../../lib/session/token';
import { text } from '../../../locales/zh-CN';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { useQuote } from '../api/quote-job';
import styles from '../tool-page.module.css';
import { RunConfirm } from './run-confirm';

const t = toolText.run;

export function RunBar({
  job,
  label = t.start,
  warning,
  hint,
  pending = false,
  priceDetail = t.priceDetail,
  onCreated,
}: {
  /** The run as it would be sent; null while the form is incomplete. */
  job: CreateJobInput | null;
  label?: string;
  /** Said in the confirmation before the run (a weak de-dup choice). */
  warning?: ReactNode;
  /** The next step while the run is not ready yet (the mixed cut's 生成剪辑方案). */
  hint?: string;
  /** The form changed and `job` does not follow it yet (a quote waits for typing to stop): no run until it does. */
  pending?: boolean;
  /** What the price is made of, with {outputs}, {perOutput} and {perMinute}: outputs unless the tool says otherwise. */
  priceDetail?: string;
  onCreated: (jobId: string) => void;
}) {
  const quote = useQuote(job);
  // The run being confirmed, frozen as it was when the button was pressed.
  const [confirming, setConfirming] = useState<{ job: CreateJobInput; quote: Quote } | null>(null);
  const price = job ? quote.data : undefined;

  function open() {
    if (!job || !price) return;
    if (getToken() === null) return openLoginModal();
    setConfirming({ job, quote: price });
  }

  return (
    <div className={styles.runBar} data-tour="run">
      {/* Announced as it changes: the quote, or the step still missing, follows each choice above. */}
      <div className={styles.price} role="status">
        {price ? (
          <>
            <strong>{fillText(t.price, { price: price.price })}</strong>
            <span className={styles.muted}>
              {fillText(priceDetail, {
                outputs: price.outputs,
                perOutput: price.per_output,
                perMinute: price.per_minute,
              })}
            </span>
          </>
        ) : quote.error && job ? (
          <span className={styles.error}>{(quote.error as { msg?: string }).msg || text.common.loadFailed}</span>
        ) : (
          <span className={styles.muted}>{hint ?? toolText.picker.none}</span>
        )}
      </div>
      <Button type="primary" size="large" disabled={!price || quote.isFetching || pending} onClick={open}>
        {label}
      </Button>
      {confirming && (
        <RunConfirm
          job={confirming.job}
          quote={confirming.quote}
          warning={warning}
          onClose={() => setConfirming(null)}
          onCreated={(jobId) => {
            setConfirming(null);
            Message.success(t.submitted);
            onCreated(jobId);
          }}
        />
      )}
    </div>
  );
}
