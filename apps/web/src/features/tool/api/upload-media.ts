/**
 * Resumable uploads to the media library with tus (`/ai/v1/media/uploads`): 8 MB chunks, retried with backoff,
 * resumed from where a previous attempt of the same file stopped (the fingerprint is kept in localStorage). At most
 * three send at once (the server refuses a creator's seventh body); the others wait their turn.
 */
import { MEDIA_ID_HEADER, mediaApi } from '@cc/contracts';
import { apiUrl, authorizedHeaders } from '../../../lib/api-client';
import { UploadSlots } from './upload-slots';

const slots = new UploadSlots(3);

export interface UploadHandle {
  start(): void;
  pause(): void;
  abort(): Promise<void>;
}

export interface UploadCallbacks {
  onProgress(sent: number, total: number): void;
  /** The upload is stored; `mediaId` is the library item it became (being processed), when the server said. */
  onSuccess(mediaId: number | null): void;
  onError(message: string): void;
}

/** The server's refusal (413 quota or size, 401) in Chinese when it gave one; tus-js-client wraps it. */
function messageOf(error: Error & { originalResponse?: { getBody(): string; getStatus(): number } | null }): string {
  const body = error.originalResponse?.getBody?.() ?? '';
  if (/[\u4e00-\u9fff]/.test(body)) return body;
  if (error.originalResponse?.getStatus?.() === 401) return '登录已过期，请重新登录';
  return '上传失败，请检查网络后重试';
}

export async function createUpload(file: File, folder: string, callbacks: UploadCallbacks): Promise<UploadHandle> {
  const { Upload } = await import('tus-js-client');
  let release = () => {};
  // Paused or aborted while waiting for its turn: it does not start when the turn comes.
  let stopped = false;
  const upload = new Upload(file, {
    endpoint: apiUrl(mediaApi.uploadCreate.path),
    chunkSize: 8 * 1024 * 1024,
    retryDelays: [0, 1000, 3000, 5000, 10000],
    removeFingerprintOnSuccess: true,
    metadata: { filename: file.name, filetype: file.type || 'video/mp4', folder },
    // Fresh headers on every request: a token refreshed meanwhile is used.
    onBeforeRequest: (req) => {
      for (const [name, value] of Object.entries(authorizedHeaders())) req.setHeader(name, value);
    },
    onProgress: callbacks.onProgress,
    onSuccess: ({ lastResponse }) => {
      release();
      const id = Number(lastResponse.getHeader(MEDIA_ID_HEADER));
      callbacks.onSuccess(Number.isInteger(id) && id > 0 ? id : null);
    },
    onError: (error) => {
      release();
      callbacks.onError(messageOf(error as Parameters<typeof messageOf>[0]));
    },
  });
  return {
    start: () => {
      stopped = false;
      void slots.take().then(async (slot) => {
        if (stopped) return slot();
        release = slot;
        const previous = await upload.findPreviousUploads();
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      });
    },
    pause: () => {
      stopped = true;
      void upload.abort(false);
      release();
    },
    abort: () => {
      stopped = true;
      release();
      return upload.abort(true);
    },
  };
}
