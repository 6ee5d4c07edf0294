/** Library items as cards: poster, name, duration, resolution and status; selectable in the picker. */
import { Checkbox, Tag, Tooltip } from '@arco-design/web-react';
import type { Media } from '@cc/contracts';
import type { ReactNode } from 'react';
import { formatDuration } from '../../../lib/format';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import styles from '../tool-page.module.css';

const t = toolText.media;

export function MediaCard({
  media,
  selected,
  onSelect,
  actions,
}: {
  media: Media;
  selected?: boolean;
  onSelect?: () => void;
  actions?: ReactNode;
}) {
  const selectable = onSelect !== undefined && media.status === 'ready';
  return (
    <div
      className={`${styles.mediaCard} ${selected ? styles.selected : ''}`}
      data-status={media.status}
      onClick={selectable ? onSelect : undefined}
      // Chosen in the picker; in the library a group named by the medium, which its actions belong to.
      role={selectable ? 'checkbox' : 'group'}
      aria-label={selectable ? undefined : media.name}
      aria-checked={selectable ? selected : undefined}
    >
      <div className={styles.poster}>
        {media.poster_url ? (
          <img src={media.poster_url} alt={media.name} loading="lazy" />
        ) : (
          <div className={styles.posterEmpty} />
        )}
        {media.status === 'ready' && <span className={styles.duration}>{formatDuration(media.duration)}</span>}
        {media.status === 'processing' && (
          <Tag className={styles.statusTag} color="arcoblue">
            {t.processing}
          </Tag>
        )}
        {media.status === 'failed' && (
          <Tooltip content={media.error}>
            <Tag className={styles.statusTag} color="red">
              {t.failed}
            </Tag>
          </Tooltip>
        )}
        {onSelect && media.status === 'ready' && <Checkbox className={styles.check} checked={selected} />}
      </div>
      <div className={styles.mediaName} title={media.name}>
        {media.name}
      </div>
      <div className={styles.mediaMeta}>
        <span>{t.kinds[media.kind]}</span>
        {media.width > 0 && <span>{`${media.width}×${media.height}`}</span>}
        {media.status === 'failed' && <span className={styles.error}>{media.error}</span>}
      </div>
      {actions && <div className={styles.mediaActions}>{actions}</div>}
    </div>
  );
}
