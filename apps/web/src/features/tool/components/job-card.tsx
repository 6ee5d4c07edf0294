/** One job, live: status, progress with its Chinese stage, cancel; then its outputs to preview and download. */
import { Button, Message, Popconfirm, Progress, Tag } from '@arco-design/web-react';
import { IconDownload, IconPlayCircle } from '@arco-design/web-react/icon';
import {
  TOOL_JOB_STATUS_LABELS,
  TOOL_LABELS,
  isTerminalToolJob,
  toolApi,
  type JobOutput,
  type ToolJob,
} from '@cc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { call } from '../../../lib/api-client';
import { fillText } from '../../../lib/fill-text';
import { formatDateTime, formatDuration } from '../../../lib/format';
import { toastFailure } from '../../../lib/toast';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { toolKeys } from '../api/query-keys';
import { useJob } from '../api/watch-job';
import { announceDownload } from '../announce-download';
import styles from '../tool-page.module.css';
import { PreviewModal } from './media-library';

const t = toolText.jobs;
const STATUS_COLORS: Record<ToolJob['status'], string> = {
  queued: 'gray',
  running: 'arcoblue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'orange',
};

function Output({ output, index, onPreview }: { output: JobOutput; index: number; onPreview: () => void }) {
  const isMobile = useIsMobile();
  const label = fillText(t.outputLabel, { n: index + 1 });
  return (
    <div className={styles.output} role="group" aria-label={label}>
      <button
        type="button"
        className={styles.outputPoster}
        onClick={onPreview}
        aria-label={`${t.preview} ${label}`}
        title={t.preview}
      >
        {output.poster_url && <img src={output.poster_url} alt={output.name} />}
        <span className={styles.outputIndex}>{label}</span>
        <IconPlayCircle className={styles.play} />
        <span className={styles.duration}>{formatDuration(output.duration)}</span>
      </button>
      <div className={styles.outputInfo}>
        <div className={styles.mediaName} title={output.name}>
          {output.name}
        </div>
        {output.similarity !== undefined && (
          <div className={styles.similarity} title={output.similarity_note}>
            <Tag color={output.similarity <= 0.5 ? 'green' : output.similarity <= 0.75 ? 'orange' : 'red'}>
              {fillText(t.similarity, { value: Math.round(output.similarity * 100) })}
            </Tag>
            {output.below_goal && <Tag color="red">{t.belowGoal}</Tag>}
            <span className={styles.muted}>{output.similarity_note}</span>
            {output.below_goal && output.refunded_points !== undefined && (
              <span className={styles.error}>{fillText(t.belowGoalNote, { points: output.refunded_points })}</span>
            )}
          </div>
        )}
        <a href={output.download_url} download={output.name} onClick={() => announceDownload(output.name, isMobile)}>
          <Button size="small" icon={<IconDownload />} aria-label={`${t.download} ${label}`}>
            {t.download}
          </Button>
        </a>
      </div>
    </div>
  );
}

/** The subtitle files of a translation (SRT, ASS), each a download named by its format. */
function SubtitleFiles({ files }: { files: JobOutput[] }) {
  const isMobile = useIsMobile();
  return (
    <div className={styles.subtitleFiles} role="group" aria-label={t.subtitleFiles}>
      <span className={styles.muted}>{t.subtitleFiles}</span>
      {files.map((file) => {
        const label = fillText(t.subtitleDownload, { format: (file.subtitle_format ?? '').toUpperCase() });
        return (
          <a
            key={file.media_id}
            href={file.download_url}
            download={file.name}
            onClick={() => announceDownload(file.name, isMobile)}
          >
            <Button size="small" icon={<IconDownload />} aria-label={label}>
              {label}
            </Button>
          </a>
        );
      })}
    </div>
  );
}

export function JobCard({ jobId }: { jobId: string }) {
  const job = useJob(jobId);
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<JobOutput | null>(null);
  const titleId = useId();
  if (!job.data) return null;
  const data = job.data;
  const live = !isTerminalToolJob(data.status);
  // 字幕翻译 hands back its subtitle files beside the video: downloads, not films to preview.
  const videos = data.outputs.filter((output) => !output.subtitle_format);
  const subtitleFiles = data.outputs.filter((output) => output.subtitle_format);

  async function cancel() {
    const result = await call(toolApi.cancel, { params: { id: jobId } });
    if (result.code !== 0 || !result.body) return toastFailure(result.msg);
    queryClient.setQueryData(toolKeys.job(jobId), result.body);
    Message.success(fillText(t.cancelled, { price: data.price }));
  }

  return (
    <section className={styles.jobCard} data-tour="jobs" aria-labelledby={titleId}>
      <header className={styles.jobHeader}>
        <strong id={titleId}>
          {TOOL_LABELS[data.tool]} · {fillText(t.number, { number: data.number })}
        </strong>
        {/* Announced as the job moves on (排队中, 处理中, 已完成). */}
        <Tag color={STATUS_COLORS[data.status]} role="status">
          {TOOL_JOB_STATUS_LABELS[data.status]}
        </Tag>
        <span className={styles.muted}>{formatDateTime(data.created_at)}</span>
        <span className={styles.muted}>{fillText(t.price, { price: data.price })}</span>
        {live && (
          <Popconfirm
            title={fillText(t.cancelConfirm, { number: data.number, price: data.price })}
            onOk={() => cancel()}
          >
            <Button size="small" status="danger" className={styles.right}>
              {t.cancel}
            </Button>
          </Popconfirm>
        )}
      </header>
      {live && (
        <div>
          <Progress percent={data.progress} animation />
          <div className={styles.muted}>{data.stage}</div>
        </div>
      )}
      {data.status === 'failed' && <div className={styles.error}>{data.error || t.failed}</div>}
      {data.logs.length > 0 && (
        <details className={styles.logs}>
          <summary>{t.logs}</summary>
          <ol>
            {data.logs.map((line, i) => (
              <li key={i}>{line}</li>
            ))}
          </ol>
        </details>
      )}
      {videos.length > 0 && (
        <div className={styles.outputs}>
          {videos.map((output, index) => (
            <Output key={output.media_id} output={output} index={index} onPreview={() => setPreview(output)} />
          ))}
        </div>
      )}
      {subtitleFiles.length > 0 && <SubtitleFiles files={subtitleFiles} />}
      <PreviewModal media={preview} onClose={() => setPreview(null)} />
    </section>
  );
}
