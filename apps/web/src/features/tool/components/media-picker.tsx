/**
 * Choosing the media a tool runs on: the library's ready items of one type (videos unless told) in a modal (with
 * upload), the choice as chips. With `max` 1 a tap replaces the choice.
 */
import { Button, Input, Modal, Spin, Tag } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import type { Media, MediaType } from '@cc/contracts';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { EmptyState } from '../../../components/empty-state';
import { fillText } from '../../../lib/fill-text';
import { formatDuration } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { useMediaList } from '../api/media';
import styles from '../tool-page.module.css';
import { MediaCard } from './media-grid';
import { UploadZone } from './upload-zone';

const t = toolText.picker;
const PAGE_SIZE = 12;

export function MediaPicker({
  value,
  onChange,
  max,
  type = 'video',
  openLabel,
}: {
  value: Media[];
  onChange: (media: Media[]) => void;
  max: number;
  type?: MediaType;
  /** The button's text when it picks something else than the tool's media (字幕翻译's subtitle file). */
  openLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Media[]>([]);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(keyword.trim(), 300);
  const list = useMediaList(
    { keyword: debounced || undefined, type, page_num: page, page_size: PAGE_SIZE },
    { enabled: open },
  );

  const toggle = (media: Media) =>
    setDraft((current) =>
      current.some((m) => m.id === media.id)
        ? current.filter((m) => m.id !== media.id)
        : max === 1
          ? [media]
          : current.length < max
            ? [...current, media]
            : current,
    );

  return (
    <div className={styles.picker} data-tour={openLabel ? undefined : 'media'}>
      <div className={styles.chips}>
        {value.map((media) => (
          <Tag
            key={media.id}
            closable
            onClose={() => onChange(value.filter((m) => m.id !== media.id))}
            className={styles.chip}
          >
            {media.name} · {formatDuration(media.duration)}
          </Tag>
        ))}
        <Button
          icon={<IconPlus />}
          onClick={() => {
            setDraft(value);
            setOpen(true);
          }}
        >
          {openLabel ?? t.open}
        </Button>
      </div>
      <Modal
        visible={open}
        title={t.title}
        onCancel={() => setOpen(false)}
        style={{ width: 'min(880px, 96vw)' }}
        unmountOnExit
        footer={
          <Button
            type="primary"
            disabled={draft.length === 0}
            onClick={() => {
              onChange(draft);
              setOpen(false);
            }}
          >
            {fillText(t.confirm, { count: draft.length })}
          </Button>
        }
      >
        <div>
          <UploadZone compact videoOnly={type === 'video'} />
          <Input.Search
            allowClear
            placeholder={toolText.media.search}
            value={keyword}
            onChange={(v) => {
              setKeyword(v);
              setPage(1);
            }}
            className={styles.search}
          />
          {list.isPending ? (
            <div className={styles.center}>
              <Spin />
            </div>
          ) : !list.data || list.data.data.length === 0 ? (
            <EmptyState description={toolText.media.empty} hint={toolText.media.emptyHint} />
          ) : (
            <>
              <div className={styles.mediaGrid}>
                {list.data.data.map((media) => (
                  <MediaCard
                    key={media.id}
                    media={media}
                    selected={draft.some((m) => m.id === media.id)}
                    onSelect={() => toggle(media)}
                  />
                ))}
              </div>
              <ListPager
                className={styles.pager}
                simple
                current={page}
                total={list.data.page.total_count}
                pageSize={PAGE_SIZE}
                onChange={setPage}
              />
            </>
          )}
        </div>
      </Modal>
    </div>
  );
}
