/**
 * 标签与文件夹: a library item's folder (one of the creator's folders or a new one) and its tags, saved through the
 * media update the API already has. Limits are the contract's, so the form refuses what the server would.
 */
import { AutoComplete, Button, Form, InputTag, Modal, Space } from '@arco-design/web-react';
import { MEDIA_FOLDER_MAX_LENGTH, MEDIA_TAG_MAX, mediaApi, type Media } from '@cc/contracts';
import { useState } from 'react';
import { call } from '../../../lib/api-client';
import { fillText } from '../../../lib/fill-text';
import { toastFailure } from '../../../lib/toast';
import { tool as toolText } from '../../../locales/zh-CN/tool';

const t = toolText.media;
const TAG_MAX_LENGTH = 20;

export function MediaTagsEditor({
  media,
  folders,
  onClose,
  onSaved,
}: {
  media: Media | null;
  folders: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <Modal visible={media !== null} title={t.editTags} footer={null} onCancel={onClose} unmountOnExit>
      {media && <EditorForm key={media.id} media={media} folders={folders} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function EditorForm({
  media,
  folders,
  onClose,
  onSaved,
}: {
  media: Media;
  folders: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [folder, setFolder] = useState(media.folder);
  const [tags, setTags] = useState<string[]>(media.tags);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');

  function changeTags(next: string[]) {
    const cleaned = [...new Set(next.map((tag) => tag.trim()).filter(Boolean))];
    if (cleaned.some((tag) => tag.length > TAG_MAX_LENGTH)) {
      setProblem(fillText(t.tagTooLong, { max: TAG_MAX_LENGTH }));
      return;
    }
    setProblem(cleaned.length > MEDIA_TAG_MAX ? fillText(t.tooManyTags, { max: MEDIA_TAG_MAX }) : '');
    setTags(cleaned.slice(0, MEDIA_TAG_MAX));
  }

  async function save() {
    setSaving(true);
    const result = await call(mediaApi.update, {
      params: { id: media.id },
      body: { folder: folder.trim(), tags },
    });
    setSaving(false);
    if (result.code !== 0) return toastFailure(result.msg);
    onSaved();
    onClose();
  }

  return (
    <Form layout="vertical" onSubmit={() => void save()}>
      <Form.Item label={t.folder} extra={t.folderHint}>
        <AutoComplete
          value={folder}
          data={folders.filter((name) => name.includes(folder.trim()))}
          onChange={(value: string) => setFolder(value)}
          placeholder={t.noFolder}
          inputProps={{ maxLength: MEDIA_FOLDER_MAX_LENGTH, 'aria-label': t.folder }}
        />
      </Form.Item>
      <Form.Item
        label={t.tags}
        extra={problem || fillText(t.tagsHint, { max: MEDIA_TAG_MAX })}
        validateStatus={problem ? 'error' : undefined}
      >
        <InputTag
          value={tags}
          onChange={(value: string[]) => changeTags(value)}
          saveOnBlur
          allowClear
          placeholder={t.tagsPlaceholder}
          aria-label={t.tags}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0, textAlign: 'right' }}>
        <Space>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t.save}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
