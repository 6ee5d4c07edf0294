/**
 * Library items as cards: poster (an icon for subtitle files and audio), name, type, duration, resolution, status and
 * tags; selectable in the picker.
 */
import { Checkbox, Tag, Tooltip } from '@arco-design/web-react';
import { MEDIA_TYPE_LABELS, type Media, type MediaType } from '@cc/contracts';
import { IconFile, IconFolder, IconMusic } from '@arco-design/web-react/icon';
import type { ReactNode } from 'react';
import { formatDuration } from '../../../lib/format';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import styles from '../tool-page.module.css';

const t = toolText.media;
const TYPE_COLORS: Record<MediaType, string> = { video: 'arcoblue', subtitle: 'green', audio: 'purple' };

export function MediaCard({
  media,
  selected,
  onSelect,
  actions,
  onTag,
}: {
  media: Media;
  selected?: boolean;
  onSelect?: () => void;
  actions?: ReactNode;
  /** A tag was clicked (the library filters by it). */
  onTag?: (tag: string) => void;
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
          <div className={styles.posterEmpty}>
            {media.type === 'subtitle' && <IconFile className={styles.posterIcon} aria-hidden />}
            {media.type === 'audio' && <IconMusic className={styles.posterIcon} aria-hidden />}
          </div>
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
        <Tag size="small" color={TYPE_COLORS[media.type]}>
          {MEDIA_TYPE_LABELS[media.type]}
        </Tag>
        <span>{t.kinds[media.kind]}</span>
        {media.width > 0 && <span>{`${media.width}×${media.height}`}</span>}
        {media.status === 'failed' && <span className={styles.error}>{media.error}</span>}
      </div>
      {(media.folder || media.tags.length > 0) && (
        <div className={styles.mediaTags}>
          {media.folder && (
            <Tag size="small" color="gray" icon={<IconFolder />}>
              {media.folder}
            </Tag>
          )}
          {media.tags.map((tag) =>
            onTag ? (
              <Tag key={tag} size="small" color="arcoblue" checkable checked onCheck={() => onTag(tag)}>
                {tag}
              </Tag>
            ) : (
              <Tag key={tag} size="small" color="arcoblue">
                {tag}
              </Tag>
            ),
          )}
        </div>
      )}
      {actions && <div className={styles.mediaActions}>{actions}</div>}
    </div>
  );
}
