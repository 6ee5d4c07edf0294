/**
 * Task detail (/task-detail?task_id&app_id&task_type, login required): the serial's header with its share rate and
 * the promotion button, then its episodes to watch and download, or to add to the media library in one click.
 */
import { Button, Message, Skeleton } from '@arco-design/web-react';
import { IconFolderAdd, IconLeft } from '@arco-design/web-react/icon';
import { mediaApi, partUnit, ErrorCode, type TaskInfo } from '@cc/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppBadge } from '../../components/app-badge';
import { EmptyState } from '../../components/empty-state';
import { LoadError } from '../../components/load-error';
import { PromotionButton } from '../../components/promotion/promotion-button';
import { call } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { fillText } from '../../lib/fill-text';
import { formatYuan } from '../../lib/format';
import { paths } from '../../lib/paths';
import { toastFailure } from '../../lib/toast';
import { text } from '../../locales/zh-CN';
import { useTaskInfo } from './api/get-task-info';
import { EpisodePanel } from './components/episode-panel';
import styles from './task-detail-page.module.css';

function readTaskId(search: URLSearchParams): number | undefined {
  const id = Number(search.get('task_id'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function TaskHeader({ task }: { task: TaskInfo }) {
  const figures = [
    { key: 'share', label: text.task.detail.shareRate, value: `${task.share_rate}%`, accent: true },
    {
      key: 'episodes',
      label: text.task.detail.episodes,
      value: fillText(text.task.detail.episodesValue, { n: task.episode_count, unit: partUnit(task.task_type) }),
    },
    { key: 'income', label: text.task.detail.totalIncome, value: formatYuan(task.total_income) },
  ];
  return (
    <section className={styles.header}>
      <img
        className={styles.cover}
        src={task.cover_url}
        alt={fillText(text.task.coverAlt, { name: task.serial_name })}
      />
      <div className={styles.summary}>
        <h1 className={styles.name}>{task.serial_name}</h1>
        <div className={styles.meta}>
          <AppBadge name={task.app_name} iconUrl={task.app_icon} />
          {task.tags.map((tag) => (
            <span key={tag} className={styles.tag}>
              {tag}
            </span>
          ))}
        </div>
        <p className={styles.available}>
          {fillText(text.task.detail.available, { n: task.available_episodes, unit: partUnit(task.task_type) })}
        </p>
      </div>
      <dl className={styles.figures}>
        {figures.map((figure) => (
          <div key={figure.key} className={styles.figure}>
            <dt>{figure.label}</dt>
            <dd className={figure.accent ? styles.accent : undefined}>{figure.value}</dd>
          </div>
        ))}
      </dl>
      {task.intro && (
        <p className={styles.intro} title={task.intro}>
          <span className={styles.introLabel}>{text.task.detail.intro}</span>
          {task.intro}
        </p>
      )}
      <PromotionButton className={styles.promote} size="large" task={task} />
    </section>
  );
}

/** 加入素材库: the serial's episodes into the AI tools' media library in one click, then a way there. */
function AddToLibrary({ serialId }: { serialId: number }) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  async function add() {
    setBusy(true);
    const result = await call(mediaApi.importEpisodes, { body: { serial_id: serialId } });
    setBusy(false);
    if (result.code !== 0) return toastFailure(result.msg);
    Message.success({
      content: (
        <span>
          {result.msg}
          <Button type="text" size="mini" onClick={() => void navigate(`${paths.tool}?tool=media`)}>
            {text.task.detail.toLibrary}
          </Button>
        </span>
      ),
      duration: 5000,
    });
  }
  return (
    <Button icon={<IconFolderAdd />} loading={busy} onClick={() => void add()}>
      {text.task.detail.addToLibrary}
    </Button>
  );
}

function DetailBody({ taskId }: { taskId: number }) {
  const info = useTaskInfo(taskId);
  if (info.isPending) {
    return (
      <section className={styles.headerLoading}>
        <Skeleton animation image={{ className: styles.coverSkeleton }} text={{ rows: 5 }} />
      </section>
    );
  }
  if (info.isError) {
    const error = info.error instanceof ApiError ? info.error : null;
    if (error?.code === ErrorCode.taskNotFound) {
      return <EmptyState description={error.msg || text.task.detail.notFound} hint="" />;
    }
    return <LoadError message={error?.msg} retrying={info.isFetching} onRetry={() => void info.refetch()} />;
  }
  return (
    <>
      <TaskHeader task={info.data} />
      <section className={styles.materials}>
        <div className={styles.sectionHead}>
          <h2 className={styles.sectionTitle}>{text.task.detail.episodeList}</h2>
          <AddToLibrary serialId={info.data.serial_id} />
        </div>
        <EpisodePanel task={info.data} />
      </section>
    </>
  );
}

export function TaskDetailPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const taskId = readTaskId(search);
  return (
    <>
      <Button type="text" className={styles.back} icon={<IconLeft />} onClick={() => void navigate(paths.task)}>
        {text.task.detail.back}
      </Button>
      {taskId ? <DetailBody taskId={taskId} /> : <EmptyState description={text.task.detail.notFound} hint="" />}
    </>
  );
}
