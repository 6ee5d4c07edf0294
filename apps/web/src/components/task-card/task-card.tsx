/**
 * A task as a card (task center, home recommendations): 3:4 cover, name, app, tags, episode count, share rate and
 * total income, with the '推广' button. Clicking elsewhere on the card opens the task's detail (login required).
 */
import { Skeleton } from '@arco-design/web-react';
import { partUnit, type TaskCard as TaskCardData } from '@cc/contracts';
import type { KeyboardEvent } from 'react';
import { fillText } from '../../lib/fill-text';
import { formatYuan } from '../../lib/format';
import { taskDetailPath } from '../../lib/paths';
import { useGuardedNavigate } from '../../lib/session/use-guarded-navigate';
import { text } from '../../locales/zh-CN';
import { AppBadge } from '../app-badge';
import { PromotionButton } from '../promotion/promotion-button';
import styles from './task-card.module.css';

const MAX_TAGS = 3;

/**
 * `priority`: a card of the first screen. Its cover loads at once and early, without waiting for the layout as lazy
 * images do: it is what the page paints largest.
 */
export function TaskCard({ task, priority = false }: { task: TaskCardData; priority?: boolean }) {
  const goTo = useGuardedNavigate();
  const open = () => goTo(taskDetailPath(task));

  function openWithKeyboard(event: KeyboardEvent) {
    if (event.target !== event.currentTarget || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    open();
  }

  return (
    <article
      className={styles.card}
      data-task-id={task.task_id}
      role="link"
      tabIndex={0}
      onClick={open}
      onKeyDown={openWithKeyboard}
    >
      <div className={styles.cover}>
        <img
          className={styles.coverImage}
          src={task.cover_url}
          alt={fillText(text.task.coverAlt, { name: task.serial_name })}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
        />
        {task.received && <span className={styles.received}>{text.task.received}</span>}
      </div>
      <div className={styles.body}>
        <h3 className={styles.name} title={task.serial_name}>
          {task.serial_name}
        </h3>
        <div className={styles.meta}>
          <AppBadge name={task.app_name} iconUrl={task.app_icon} />
          <span className={styles.episodes}>
            {fillText(text.task.episodeCount, { n: task.episode_count, unit: partUnit(task.task_type) })}
          </span>
        </div>
        <div className={styles.tags}>
          {task.tags.slice(0, MAX_TAGS).map((tag) => (
            <span key={tag} className={styles.tag}>
              {tag}
            </span>
          ))}
        </div>
        <div className={styles.figures}>
          <span className={styles.shareRate}>{fillText(text.task.shareRate, { rate: task.share_rate })}</span>
          <span className={styles.income}>
            {text.task.totalIncome} {formatYuan(task.total_income)}
          </span>
        </div>
        <PromotionButton className={styles.action} long task={task} />
      </div>
    </article>
  );
}

export function TaskCardSkeleton() {
  return (
    <div className={styles.card} aria-hidden="true">
      <div className={styles.skeletonCover} />
      <Skeleton className={styles.skeletonBody} animation text={{ rows: 3, width: ['80%', '50%', '100%'] }} />
    </div>
  );
}
