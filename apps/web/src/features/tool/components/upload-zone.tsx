/**
 * Uploading into the library: drag and drop (desktop) or the file picker (phone), checked before sending (type,
 * the size limit of its type; the library takes videos, subtitle files and audio, a tool's picker only videos), each file a resumable tus upload with its progress, pause/resume and cancel. A finished upload
 * stays as 上传完成，正在处理 while the server probes it, and leaves the list once its library item is ready (or
 * says why processing failed).
 */
import { Button, Message } from '@arco-design/web-react';
import { IconPause, IconPlayArrow, IconClose, IconUpload } from '@arco-design/web-react/icon';
import {
  MEDIA_ACCEPT,
  MEDIA_MAX_FILE_BYTES,
  MEDIA_TYPE_LABELS,
  MEDIA_VIDEO_ACCEPT,
  mediaTypeMaxBytes,
  mediaTypeOfName,
  VIDEO_EXTENSIONS,
} from '@cc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { LabelledProgress } from '../../../components/arco-a11y/labelled-progress';
import { fillText } from '../../../lib/fill-text';
import { formatFileSize } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { useMediaItem, useMediaUsage } from '../api/media';
import { toolKeys } from '../api/query-keys';
import { createUpload, type UploadHandle } from '../api/upload-media';
import styles from '../tool-page.module.css';

interface UploadItem {
  id: string;
  name: string;
  sent: number;
  total: number;
  state: 'uploading' | 'paused' | 'done' | 'failed';
  error?: string;
  handle?: UploadHandle;
  /** The library item a finished upload became. */
  mediaId?: number | null;
}

/** Follows a finished upload's library item: gone from the list once ready, the reason shown if it failed. */
function useProcessing(item: UploadItem, onReady: () => void): { failed: string | null } {
  const media = useMediaItem(item.state === 'done' && item.mediaId ? item.mediaId : null);
  const status = media.data?.status;
  useEffect(() => {
    if (status === 'ready') onReady();
  }, [status, onReady]);
  return { failed: status === 'failed' ? (media.data?.error ?? t.failed) : null };
}

const t = toolText.media;

/** Whether the file is one the zone takes: a video, or with `all` also a subtitle file or audio. */
function acceptable(file: File, all: boolean): boolean {
  const type = mediaTypeOfName(file.name);
  if (type !== 'video') return all;
  const name = file.name.toLowerCase();
  return file.type.startsWith('video/') || VIDEO_EXTENSIONS.some((extension) => name.endsWith(extension));
}

export function UploadZone({
  folder = '',
  compact = false,
  videoOnly = false,
}: {
  folder?: string;
  compact?: boolean;
  /** A tool's picker: only videos. */
  videoOnly?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const usage = useMediaUsage();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const maxBytes = usage.data?.max_file_bytes ?? MEDIA_MAX_FILE_BYTES;

  const patch = (id: string, fields: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...fields } : item)));

  async function add(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      if (!acceptable(file, !videoOnly)) {
        Message.warning(`${file.name}：${videoOnly ? t.notVideo : t.notMedia}`);
        continue;
      }
      const type = mediaTypeOfName(file.name);
      const limit = mediaTypeMaxBytes(type, maxBytes);
      if (file.size > limit) {
        const size = formatFileSize(limit);
        Message.warning(
          type === 'video'
            ? fillText(t.tooLarge, { size })
            : fillText(t.tooLargeOfType, { type: MEDIA_TYPE_LABELS[type], size }),
        );
        continue;
      }
      const id = `${file.name}-${file.size}-${Date.now()}`;
      setItems((list) => [{ id, name: file.name, sent: 0, total: file.size, state: 'uploading' }, ...list]);
      const handle = await createUpload(file, folder, {
        onProgress: (sent, total) => patch(id, { sent, total }),
        onSuccess: (mediaId) => {
          if (mediaId === null) setItems((list) => list.filter((other) => other.id !== id));
          else patch(id, { state: 'done', sent: file.size, mediaId });
          void queryClient.invalidateQueries({ queryKey: toolKeys.media });
          void queryClient.invalidateQueries({ queryKey: toolKeys.usage });
        },
        onError: (message) => patch(id, { state: 'failed', error: message }),
      });
      patch(id, { handle });
      handle.start();
    }
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void add(event.dataTransfer.files);
  };

  return (
    <div className={styles.uploadZone}>
      <div
        className={`${styles.dropArea} ${dragging ? styles.dragging : ''} ${compact ? styles.dropCompact : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        onClick={() => input.current?.click()}
        role="button"
        tabIndex={0}
      >
        <IconUpload className={styles.dropIcon} />
        <div>{isMobile ? (videoOnly ? t.dropMobile : t.dropMobileAll) : videoOnly ? t.drop : t.dropAll}</div>
        <div className={styles.muted}>
          {fillText(isMobile ? t.uploadHintMobile : videoOnly ? t.uploadHint : t.uploadHintAll, {
            size: formatFileSize(maxBytes),
          })}
        </div>
        <input
          ref={input}
          type="file"
          accept={videoOnly ? MEDIA_VIDEO_ACCEPT : MEDIA_ACCEPT}
          multiple
          hidden
          onChange={(event) => {
            if (event.target.files) void add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <ul className={styles.uploadList} aria-label={t.uploadsLabel}>
          {items.map((item) => (
            <UploadRow
              key={item.id}
              item={item}
              onPatch={(fields) => patch(item.id, fields)}
              onRemove={() => setItems((list) => list.filter((other) => other.id !== item.id))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function UploadRow({
  item,
  onPatch,
  onRemove,
}: {
  item: UploadItem;
  onPatch: (fields: Partial<UploadItem>) => void;
  onRemove: () => void;
}) {
  const { failed } = useProcessing(item, onRemove);
  const error =
    item.state === 'failed' ? item.error : failed !== null ? fillText(t.processFailed, { error: failed }) : null;
  return (
    <li className={styles.uploadItem}>
      <div className={styles.uploadName}>
        <span>{item.name}</span>
        <span className={error ? styles.error : styles.muted}>
          {error ??
            (item.state === 'done'
              ? t.uploaded
              : item.state === 'paused'
                ? t.paused
                : `${formatFileSize(item.sent)} / ${formatFileSize(item.total)}`)}
        </span>
      </div>
      {item.state === 'done' && !error ? (
        <LabelledProgress label={item.name} percent={100} animation showText={false} size="small" />
      ) : (
        <LabelledProgress
          label={item.name}
          percent={item.total ? Math.floor((item.sent / item.total) * 100) : 0}
          status={error ? 'error' : 'normal'}
          size="small"
        />
      )}
      {(item.state === 'uploading' || item.state === 'paused') && (
        <div className={styles.uploadActions}>
          <Button
            size="mini"
            icon={item.state === 'uploading' ? <IconPause /> : <IconPlayArrow />}
            onClick={() => {
              if (item.state === 'uploading') {
                item.handle?.pause();
                onPatch({ state: 'paused' });
              } else {
                item.handle?.start();
                onPatch({ state: 'uploading' });
              }
            }}
          >
            {item.state === 'uploading' ? t.pause : t.resume}
          </Button>
          <Button
            size="mini"
            icon={<IconClose />}
            onClick={() => {
              void item.handle?.abort();
              onRemove();
            }}
          >
            {t.cancel}
          </Button>
        </div>
      )}
      {error && (
        <div className={styles.uploadActions}>
          <Button size="mini" icon={<IconClose />} onClick={onRemove}>
            {t.dismiss}
          </Button>
        </div>
      )}
    </li>
  );
}
