/** 任务记录: the creator's jobs of a tool, newest first, paged; one opens as a live card. */
import { Spin, Tag } from '@arco-design/web-react';
import { TOOL_JOB_STATUS_LABELS, type ToolJob } from '@cc/contracts';
import { useId, useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { fillText } from '../../../lib/fill-text';
import { formatDateTime } from '../../../lib/format';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { JOBS_PAGE_SIZE, useJobs } from '../api/get-jobs';
import styles from '../tool-page.module.css';

const t = toolText.jobs;

export function JobHistory({ tool, onOpen }: { tool: ToolJob['tool']; onOpen: (jobId: string) => void }) {
  const [page, setPage] = useState(1);
  const jobs = useJobs(tool, page);
  const titleId = useId();
  return (
    <section className={styles.history} aria-labelledby={titleId}>
      <h3 id={titleId}>{t.title}</h3>
      {jobs.isPending ? (
        <div className={styles.center}>
          <Spin />
        </div>
      ) : jobs.isError ? (
        <LoadError onRetry={() => void jobs.refetch()} />
      ) : jobs.data.data.length === 0 ? (
        <EmptyState description={t.empty} hint={t.emptyHint} />
      ) : (
        <>
          <ul className={styles.jobList}>
            {jobs.data.data.map((job) => (
              <li key={job.job_id}>
                <button type="button" className={styles.jobRow} onClick={() => onOpen(job.job_id)}>
                  <span>{fillText(t.number, { number: job.number })}</span>
                  <Tag size="small">{TOOL_JOB_STATUS_LABELS[job.status]}</Tag>
                  <span className={styles.muted}>
                    {job.status === 'running' ? job.stage : formatDateTime(job.created_at)}
                  </span>
                  <span className={styles.muted}>{fillText(t.price, { price: job.price })}</span>
                  <span className={styles.right}>
                    {job.outputs.length > 0 ? `${t.outputs} ${job.outputs.length}` : t.open}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <ListPager
            className={styles.pager}
            simple
            current={page}
            total={jobs.data.page.total_count}
            pageSize={JOBS_PAGE_SIZE}
            onChange={setPage}
          />
        </>
      )}
    </section>
  );
}
