/** The optional cover of a filing: picks an image, checks its type and size here first, uploads it, and previews it. */
import { Button, Spin } from '@arco-design/web-react';
import { IconDelete, IconImage, IconUpload } from '@arco-design/web-react/icon';
import { useEffect, useRef, useState } from 'react';
import { isSuccess } from '../../../lib/api-error';
import { IMAGE_ACCEPT, imageFileProblem, uploadImage } from '../../../lib/image/upload-image';
import { channel as channelText } from '../../../locales/zh-CN/channel';
import styles from '../channel-page.module.css';

const t = channelText.form;

interface CoverPickerProps {
  /** Called with the uploaded image's name, or '' when removed. */
  onChange: (image: string) => void;
  onError: (message: string | null) => void;
  invalid: boolean;
  /** The cover a filing being corrected already has (its address), shown until replaced or removed. */
  current?: string;
}

export function CoverPicker({ onChange, onError, invalid, current }: CoverPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [kept, setKept] = useState<string | null>(current || null);
  const shown = preview ?? kept;
  const [uploading, setUploading] = useState(false);

  // The preview is a local object URL: release it when replaced or when the form closes.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  async function pick(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      onError(problem);
      return;
    }
    onError(null);
    setUploading(true);
    const result = await uploadImage(file);
    setUploading(false);
    if (!isSuccess(result)) {
      onError(result.msg || t.coverFailed);
      return;
    }
    setKept(null);
    setPreview(URL.createObjectURL(file));
    onChange(result.body.image);
  }

  function remove() {
    setKept(null);
    setPreview(null);
    onChange('');
    onError(null);
  }

  return (
    <div className={styles.coverPicker}>
      <div className={`${styles.coverPreview} ${invalid ? styles.coverInvalid : ''}`}>
        {uploading ? <Spin /> : shown ? <img src={shown} alt={t.cover} /> : <IconImage className={styles.coverIcon} />}
      </div>
      <div className={styles.coverActions}>
        <div>
          <Button size="small" icon={<IconUpload />} loading={uploading} onClick={() => input.current?.click()}>
            {uploading ? t.coverUploading : t.coverPick}
          </Button>
          {shown && !uploading && (
            <Button size="small" type="text" status="danger" icon={<IconDelete />} onClick={remove}>
              {t.coverRemove}
            </Button>
          )}
        </div>
        <span className={styles.fieldHint}>{t.coverHint}</span>
      </div>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          // The same file chosen again after a removal must fire a change.
          event.target.value = '';
        }}
      />
    </div>
  );
}
