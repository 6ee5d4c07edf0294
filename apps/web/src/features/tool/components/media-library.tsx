/**
 * 素材库: search and filter the library (by name, kind, type, folder and tag), upload videos, subtitle files and audio
 * with resume, see what is processing or failed and why, preview a video with the player and its seek thumbnails or
 * play an audio item, download, rename, file into a folder and tag,
 * and delete (refused while a running job uses it).
 */
import { Button, Input, Message, Modal, Popconfirm, Radio, Select, Spin, Tag, Tooltip } from '@arco-design/web-react';
import { IconDelete, IconDownload, IconEdit, IconPlayCircle, IconTags } from '@arco-design/web-react/icon';
import { MEDIA_TYPE_LABELS, MEDIA_TYPES, mediaApi, type Media, type MediaType } from '@cc/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { LabelledProgress } from '../../../components/arco-a11y/labelled-progress';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { VideoPlayer } from '../../../components/video-player';
import { call } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { fillText } from '../../../lib/fill-text';
import { formatFileSize } from '../../../lib/format';
import { toastFailure } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { tool as toolText } from '../../../locales/zh-CN/tool';
import { useMediaFolders, useMediaList, useMediaUsage } from '../api/media';
import { toolKeys } from '../api/query-keys';
import { announceDownload } from '../announce-download';
import styles from '../tool-page.module.css';
import { MediaCard } from './media-grid';
import { MediaTagsEditor } from './media-tags-editor';
import { UploadZone } from './upload-zone';

const t = toolText.media;
const PAGE_SIZE = 12;

export function PreviewModal({
  media,
  onClose,
}: {
  media: (Pick<Media, 'name' | 'url' | 'poster_url'> & { sprite?: Media['sprite']; type?: MediaType }) | null;
  onClose: () => void;
}) {
  const audio = media?.type === 'audio';
  return (
    <Modal
      visible={media !== null}
      title={media?.name}
      footer={null}
      onCancel={onClose}
      unmountOnExit
      style={{ width: audio ? 'min(480px, 96vw)' : 'min(720px, 96vw)' }}
    >
      {media &&
        (audio ? (
          <audio className={styles.audioPlayer} src={media.url} controls autoPlay aria-label={media.name} />
        ) : (
          <VideoPlayer url={media.url} poster={media.poster_url} sprite={media.sprite} fluid />
        ))}
    </Modal>
  );
}

export function MediaLibrary() {
  const [keyword, setKeyword] = useState('');
  const [kind, setKind] = useState<Media['kind'] | ''>('');
  const [type, setType] = useState<MediaType | ''>('');
  const [folder, setFolder] = useState('');
  const [tag, setTag] = useState('');
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<Media | null>(null);
  const [editing, setEditing] = useState<Media | null>(null);
  const debounced = useDebouncedValue(keyword.trim(), 300);
  const list = useMediaList({
    keyword: debounced || undefined,
    kind: kind || undefined,
    type: type || undefined,
    folder: folder || undefined,
    tag: tag || undefined,
    page_num: page,
    page_size: PAGE_SIZE,
  });
  const usage = useMediaUsage();
  const folders = useMediaFolders();
  const folderNames = folders.data?.data.map((f) => f.folder) ?? [];
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: toolKeys.media });

  async function remove(media: Media) {
    const result = await call(mediaApi.remove, { params: { id: media.id } });
    if (result.code !== 0) return toastFailure(result.msg);
    Message.success(t.deleted);
    refresh();
  }

  function rename(media: Media) {
    let name = media.name;
    Modal.confirm({
      title: t.rename,
      content: <Input defaultValue={media.name} maxLength={100} onChange={(value) => (name = value)} />,
      onOk: async () => {
        const result = await call(mediaApi.update, {
          params: { id: media.id },
          body: { name: name.trim() || media.name },
        });
        if (result.code !== 0) toastFailure(result.msg);
        refresh();
      },
    });
  }

  return (
    <section className={styles.panel}>
      <header className={styles.panelHeader}>
        <h2>{t.title}</h2>
        {usage.data && (
          <div className={styles.usage}>
            <span>
              {fillText(t.usage, {
                used: formatFileSize(usage.data.used_bytes),
                quota: formatFileSize(usage.data.quota_bytes),
              })}
            </span>
            <LabelledProgress
              label={t.usageLabel}
              percent={Math.min(100, Math.round((usage.data.used_bytes / usage.data.quota_bytes) * 100))}
              size="small"
              showText={false}
            />
          </div>
        )}
      </header>
      <UploadZone />
      <div className={styles.toolbar}>
        <Input.Search
          allowClear
          placeholder={t.search}
          value={keyword}
          onChange={(v) => {
            setKeyword(v);
            setPage(1);
          }}
          className={styles.search}
        />
        <Radio.Group
          type="button"
          value={kind}
          onChange={(v: Media['kind'] | '') => {
            setKind(v);
            setPage(1);
          }}
        >
          <Radio value="">{t.all}</Radio>
          <Radio value="upload">{t.kinds.upload}</Radio>
          <Radio value="episode">{t.kinds.episode}</Radio>
          <Radio value="output">{t.kinds.output}</Radio>
        </Radio.Group>
        <Select
          className={styles.folderFilter}
          value={type}
          onChange={(value: MediaType | '') => {
            setType(value);
            setPage(1);
          }}
          aria-label={t.typeFilter}
        >
          <Select.Option value="">{t.allTypes}</Select.Option>
          {MEDIA_TYPES.map((value) => (
            <Select.Option key={value} value={value}>
              {MEDIA_TYPE_LABELS[value]}
            </Select.Option>
          ))}
        </Select>
        {(folderNames.length > 0 || folder) && (
          <Select
            className={styles.folderFilter}
            value={folder}
            onChange={(value: string) => {
              setFolder(value);
              setPage(1);
            }}
            aria-label={t.folderFilter}
          >
            <Select.Option value="">{t.allFolders}</Select.Option>
            {folders.data?.data.map((f) => (
              <Select.Option key={f.folder} value={f.folder}>
                {fillText(t.folderOption, { folder: f.folder, count: f.count })}
              </Select.Option>
            ))}
          </Select>
        )}
        {tag && (
          <Tag
            closable
            color="arcoblue"
            onClose={() => {
              setTag('');
              setPage(1);
            }}
            data-testid="media-tag-filter"
          >
            {fillText(t.tagFilter, { tag })}
          </Tag>
        )}
      </div>
      {list.isPending ? (
        <div className={styles.center}>
          <Spin />
        </div>
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()} message={list.error instanceof ApiError ? list.error.msg : ''} />
      ) : list.data.data.length === 0 ? (
        <EmptyState description={t.empty} hint={t.emptyHint} />
      ) : (
        <>
          <div className={styles.mediaGrid}>
            {list.data.data.map((media) => (
              <MediaCard
                key={media.id}
                media={media}
                onTag={(value) => {
                  setTag(value);
                  setPage(1);
                }}
                actions={
                  <>
                    {media.status === 'ready' && (
                      <>
                        {media.type !== 'subtitle' && (
                          <Tooltip content={media.type === 'audio' ? t.play : t.preview}>
                            <Button
                              size="mini"
                              type="text"
                              icon={<IconPlayCircle />}
                              onClick={() => setPreview(media)}
                              aria-label={media.type === 'audio' ? t.play : t.preview}
                            />
                          </Tooltip>
                        )}
                        <Tooltip content={t.download}>
                          <a
                            href={media.download_url}
                            download={media.name}
                            aria-label={t.download}
                            className={styles.iconLink}
                            onClick={() => announceDownload(media.name, isMobile)}
                          >
                            <IconDownload />
                          </a>
                        </Tooltip>
                      </>
                    )}
                    <Tooltip content={t.rename}>
                      <Button
                        size="mini"
                        type="text"
                        icon={<IconEdit />}
                        onClick={() => rename(media)}
                        aria-label={t.rename}
                      />
                    </Tooltip>
                    <Tooltip content={t.editTags}>
                      <Button
                        size="mini"
                        type="text"
                        icon={<IconTags />}
                        onClick={() => setEditing(media)}
                        aria-label={t.editTags}
                      />
                    </Tooltip>
                    <Popconfirm title={fillText(t.deleteConfirm, { name: media.name })} onOk={() => remove(media)}>
                      <Tooltip content={t.delete}>
                        <Button size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={t.delete} />
                      </Tooltip>
                    </Popconfirm>
                  </>
                }
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
      <PreviewModal media={preview} onClose={() => setPreview(null)} />
      <MediaTagsEditor media={editing} folders={folderNames} onClose={() => setEditing(null)} onSaved={refresh} />
    </section>
  );
}
