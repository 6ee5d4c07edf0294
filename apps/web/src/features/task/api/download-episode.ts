/**
 * GET /agent/v1/episode/download: the episode's mp4, fetched with the session's headers (it needs login) and saved
 * under the Chinese name of the server's Content-Disposition header; a failure answers the envelope with its msg.
 */
import { Message } from '@arco-design/web-react';
import { ErrorCode, taskApi, type Episode } from '@cc/contracts';
import { useState } from 'react';
import { requestFile } from '../../../lib/api-client';
import { isSuccess } from '../../../lib/api-error';
import { filenameFromContentDisposition, saveBlob } from '../../../lib/download';
import { fillText } from '../../../lib/fill-text';
import { text } from '../../../locales/zh-CN';

export function downloadEpisode(episodeId: number) {
  return requestFile(taskApi.episodeDownload.path, { query: { episode_id: episodeId } });
}

/** Downloads one or more episodes at a time; `isDownloading` drives each row's button. */
export function useEpisodeDownload(fallbackName: (episode: Episode) => string) {
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());

  function mark(episodeId: number, downloading: boolean) {
    setPending((current) => {
      const next = new Set(current);
      if (downloading) next.add(episodeId);
      else next.delete(episodeId);
      return next;
    });
  }

  async function download(episode: Episode) {
    if (pending.has(episode.episode_id)) return;
    mark(episode.episode_id, true);
    try {
      const result = await downloadEpisode(episode.episode_id);
      if (!isSuccess(result)) {
        if (result.code !== ErrorCode.unauthorized) Message.error(result.msg || text.task.detail.downloadFailed);
        return;
      }
      const name = filenameFromContentDisposition(result.body.contentDisposition) ?? fallbackName(episode);
      saveBlob(result.body.blob, name);
      Message.success(fillText(text.task.detail.downloaded, { name }));
    } finally {
      mark(episode.episode_id, false);
    }
  }

  return { download, isDownloading: (episodeId: number) => pending.has(episodeId) };
}
