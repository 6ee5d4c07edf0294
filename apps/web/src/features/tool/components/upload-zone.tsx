/**
 * Uploading videos into the library: drag and drop (desktop) or the file picker (phone), checked before sending
 * (type, size), each file a resumable tus upload with its progress, pause/resume and cancel.
 */
import { Button, Message, Progress } from '@arco-design/web-react';
import { IconPause, IconPlayArrow, IconClose, IconUpload } from '@arco-design/web-react/icon';
import { MEDIA_ACCEPT } from '@cc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type DragEvent } from 'react';
import { fillText } from '../../../lib/fill-text';
import { formatFileSize } from '../../../lib/format';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { useMediaUsage } from '../api/media';
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
}

const t = toolText.media;

export function UploadZone({ folder = '', compact = false }: { folder?: string; compact?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const usage = useMediaUsage();
  const queryClient = useQueryClient();
  const maxBytes = usage.data?.max_file_bytes ?? 2 * 1024 ** 3;

  const patch = (id: string, fields: Partial<UploadItem>) =>
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...fields } : item)));

  async function add(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      if (!file.type.startsWith('video/') && !/\.(mp4|mov|mkv|avi|flv|webm|m4v|ts)$/i.test(file.name)) {
        Message.warning(`${file.name}：${t.notVideo}`);
        continue;
      }
      if (file.size > maxBytes) {
        Message.warning(fillText(t.tooLarge, { size: formatFileSize(maxBytes) }));
        continue;
      }
      const id = `${file.name}-${file.size}-${Date.now()}`;
      setItems((list) => [{ id, name: file.name, sent: 0, total: file.size, state: 'uploading' }, ...list]);
      const handle = await createUpload(file, folder, {
        onProgress: (sent, total) => patch(id, { sent, total }),
        onSuccess: () => {
          patch(id, { state: 'done', sent: file.size });
          void queryClient.invalidateQueries({ queryKey: toolKeys.media });
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
        data-testid="media-upload"
      >
        <IconUpload className={styles.dropIcon} />
        <div>{t.drop}</div>
        <div className={styles.muted}>{fillText(t.uploadHint, { size: formatFileSize(maxBytes) })}</div>
        <input
          ref={input}
          type="file"
          accept={MEDIA_ACCEPT}
          multiple
          hidden
          data-testid="media-upload-input"
          onChange={(event) => {
            if (event.target.files) void add(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {items.length > 0 && (
        <ul className={styles.uploadList}>
          {items.map((item) => (
            <li key={item.id} className={styles.uploadItem} data-testid="upload-item">
              <div className={styles.uploadName}>
                <span>{item.name}</span>
                <span className={styles.muted}>
                  {item.state === 'done'
                    ? t.uploaded
                    : item.state === 'failed'
                      ? item.error
                      : item.state === 'paused'
                        ? t.paused
                        : `${formatFileSize(item.sent)} / ${formatFileSize(item.total)}`}
                </span>
              </div>
              <Progress
                percent={item.total ? Math.floor((item.sent / item.total) * 100) : 0}
                status={item.state === 'failed' ? 'error' : item.state === 'done' ? 'success' : 'normal'}
                size="small"
              />
              {(item.state === 'uploading' || item.state === 'paused') && (
                <div className={styles.uploadActions}>
                  <Button
                    size="mini"
                    icon={item.state === 'uploading' ? <IconPause /> : <IconPlayArrow />}
                    onClick={() => {
                      if (item.state === 'uploading') {
                        item.handle?.pause();
                        patch(item.id, { state: 'paused' });
                      } else {
                        item.handle?.start();
                        patch(item.id, { state: 'uploading' });
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
                      setItems((list) => list.filter((other) => other.id !== item.id));
                    }}
                  >
                    {t.cancel}
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
