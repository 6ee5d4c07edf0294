/**
 * The avatar with its change button: picks an image, checks type and size here first (the server judges the bytes
 * again), uploads it, then saves it as the avatar. The chosen picture shows at once, dimmed under a spinner until saved.
 */
import { Button, Message, Spin } from '@arco-design/web-react';
import { IconCamera } from '@arco-design/web-react/icon';
import type { UserInfo } from '@cc/contracts';
import { useEffect, useRef, useState } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import type { ApiResult } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { IMAGE_ACCEPT, imageFileProblem, uploadImage } from '../../../lib/image/upload-image';
import { profile as profileText } from '../../../locales/zh-CN/profile';
import { useUpdateUserInfo } from '../api/update-user-info';
import styles from '../profile-page.module.css';

const t = profileText.avatar;
const SIZE = 88;

export function AvatarUploader({ user }: { user: UserInfo }) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateUserInfo();

  // The preview is a local object URL: release it when replaced or when the page closes.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  async function pick(file: File | undefined) {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL(file));
    setBusy(true);
    const uploaded = await uploadImage(file);
    const saved: ApiResult<unknown> = isSuccess(uploaded)
      ? await update.mutateAsync({ avatar: uploaded.body.image })
      : uploaded;
    setBusy(false);
    // Saved or not, the avatar shown is the server's from here on (the new one after the user info reloads).
    setPreview(null);
    if (!isSuccess(saved)) {
      setError(saved.msg || t.failed);
      return;
    }
    Message.success(t.saved);
  }

  const shown = preview ? { ...user, avatar_url: preview } : user;
  return (
    <div className={styles.avatarBlock}>
      <button
        type="button"
        className={styles.avatarButton}
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-label={t.change}
      >
        <UserAvatar user={shown} size={SIZE} />
        <span className={busy ? styles.avatarBusy : styles.avatarOverlay} aria-hidden>
          {busy ? <Spin /> : <IconCamera />}
        </span>
      </button>
      <div className={styles.avatarSide}>
        <Button size="small" loading={busy} onClick={() => input.current?.click()}>
          {busy ? t.uploading : t.change}
        </Button>
        <span className={styles.hint}>{t.hint}</span>
        {error && (
          <span className={styles.error} role="alert">
            {error}
          </span>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        hidden
        onChange={(event) => {
          void pick(event.target.files?.[0]);
          // The same file chosen again after a failure must fire a change.
          event.target.value = '';
        }}
      />
    </div>
  );
}
