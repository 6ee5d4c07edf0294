/**
 * The invite poster (made by the server): a preview, and a download; on a phone that can share files the system share
 * sheet instead (save to photos, send in a chat), else the download.
 */
import { Button, Message, Spin } from '@arco-design/web-react';
import { IconDownload, IconRefresh, IconShareExternal } from '@arco-design/web-react/icon';
import { useCallback } from 'react';
import { saveBlob } from '../../../lib/download';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { team as teamText } from '../../../locales/zh-CN/team';
import { useTeamPoster, type TeamPoster } from '../api/get-team-poster';
import styles from '../team-page.module.css';

const t = teamText.poster;

/** The poster image: an object URL of the blob lives exactly as long as the <img> that shows it. */
function PosterImage({ blob }: { blob: Blob }) {
  const attach = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
  return <img ref={attach} className={styles.posterImage} alt={t.alt} />;
}

/** The poster as a file the share sheet takes, when this browser can share files at all. */
function shareableFile(poster: TeamPoster): File | null {
  if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return null;
  const file = new File([poster.blob], poster.fileName, { type: 'image/png' });
  return navigator.canShare({ files: [file] }) ? file : null;
}

async function sharePoster(poster: TeamPoster): Promise<void> {
  const file = shareableFile(poster);
  if (!file) {
    saveBlob(poster.blob, poster.fileName);
    Message.success(t.saved);
    return;
  }
  try {
    await navigator.share({ files: [file], title: t.shareTitle });
  } catch (error) {
    // Closing the share sheet is a choice, not a failure; anything else falls back to the download.
    if (error instanceof DOMException && error.name === 'AbortError') return;
    saveBlob(poster.blob, poster.fileName);
  }
}

export function InvitePoster() {
  const isMobile = useIsMobile();
  const poster = useTeamPoster();

  let preview;
  if (poster.isError) {
    preview = (
      <div className={styles.posterState} role="alert">
        <span>{t.loadFailed}</span>
        <Button size="small" icon={<IconRefresh />} loading={poster.isFetching} onClick={() => void poster.refetch()}>
          {t.retry}
        </Button>
      </div>
    );
  } else if (poster.data) {
    preview = <PosterImage blob={poster.data.blob} />;
  } else {
    preview = (
      <div className={styles.posterState}>
        <Spin />
      </div>
    );
  }

  return (
    <div className={styles.poster}>
      <div className={styles.posterFrame}>{preview}</div>
      <div className={styles.posterActions}>
        {isMobile && (
          <Button
            type="primary"
            icon={<IconShareExternal />}
            disabled={!poster.data}
            onClick={() => poster.data && void sharePoster(poster.data)}
          >
            {t.share}
          </Button>
        )}
        <Button
          type={isMobile ? 'secondary' : 'primary'}
          icon={<IconDownload />}
          disabled={!poster.data}
          onClick={() => poster.data && saveBlob(poster.data.blob, poster.data.fileName)}
        >
          {t.download}
        </Button>
      </div>
    </div>
  );
}
