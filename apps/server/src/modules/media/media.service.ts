/**
 * The media library: uploads arrive through tus and are probed by the `media.process` job (not a
 * video → failed with the reason, file removed); catalogue episodes are copied in once each; tool outputs land here
 * linked to their job. An upload in progress holds what it promised against the quota until it becomes an item,
 * is terminated or expires. Files are read through short-lived signed links (`<video>` cannot send a
 * bearer token). It is also the tool jobs' `ToolMediaLibrary`.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  ErrorMessages,
  MEDIA_FOLDER_MAX_LENGTH,
  withoutUnsafeCharacters,
  type Media,
  type MediaFileVariant,
  type MediaKind,
  type MusicStyle,
} from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import { lockKey } from '../../db/locks.js';
import type { Database } from '../../db/schema.js';
import { AppError, appError } from '../../errors.js';
import {
  FfmpegAbortedError,
  FfmpegError,
  FfmpegMissingError,
  MediaTimeoutError,
} from '../../providers/media/ffmpeg-process.js';
import { decodedDuration, NotAVideoError, probeVideo, type VideoProbe } from '../../providers/media/probe.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';
import { isoTime } from '../paging.js';
import type { ToolMediaItem, ToolMediaLibrary } from '../tool/tool-media.js';
import { makePosterAndSprite, type SpriteLayout } from './media-files.js';
import type { MediaFilter, MediaRepository, MediaRow, MediaUploadRow } from './media.repository.js';

const LINK_TTL_MS = 6 * 3600_000;
const HOUR = 3600_000;

export interface Catalogue {
  serialEpisodeFiles(
    serialId: number,
  ): Promise<{ name: string; episodes: { id: number; number: number; title: string; file: string }[] } | null>;
}

/** What one tus request (creation or PATCH) says about the bytes it brings. */
export interface UploadWrite {
  /** Upload-Length, when the request declares it (at creation, or later for a deferred length). */
  length: number | null;
  /** Upload-Offset of the request (0 at creation). */
  offset: number;
  /** Content-Length of the body (0 without a body); null when a body comes without one. */
  bodyBytes: number | null;
}

export interface MediaServiceDeps {
  database: DatabaseHandle;
  media: MediaRepository;
  storage: MediaStorage;
  catalogue: Catalogue;
  /** The demo catalogue's media folder (episode files are relative to it). */
  catalogueDir: string;
  linkSecret: Buffer;
  quotaBytes: number;
  maxFileBytes: number;
  /** How long an unfinished upload may take from its creation. */
  uploadExpiryMs: number;
  enqueueProcess(mediaId: number): Promise<string>;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class MediaService implements ToolMediaLibrary {
  /** Whether a live tool job uses the medium (set by the tool module, which owns the jobs). */
  private inUse: (agentId: number, mediaId: number) => Promise<boolean> = async () => false;

  constructor(private readonly deps: MediaServiceDeps) {}

  setInUseCheck(check: (agentId: number, mediaId: number) => Promise<boolean>): void {
    this.inUse = check;
  }

  // ---- signed links -------------------------------------------------------------------------------------------

  private signature(id: number, variant: MediaFileVariant, exp: number): string {
    return createHmac('sha256', this.deps.linkSecret).update(`${id}.${variant}.${exp}`).digest('hex').slice(0, 32);
  }

  /** A link valid for at least six hours; the same for a whole hour, so browsers can cache what it serves. */
  link(id: number, variant: MediaFileVariant): string {
    const exp = Math.ceil((this.deps.clock.now() + LINK_TTL_MS) / HOUR) * (HOUR / 1000);
    return `/ai/v1/files/${id}/${variant}?exp=${exp}&sig=${this.signature(id, variant, exp)}`;
  }

  verifyLink(id: number, variant: MediaFileVariant, exp: number, sig: string): boolean {
    if (!Number.isFinite(exp) || exp * 1000 < this.deps.clock.now()) return false;
    const expected = Buffer.from(this.signature(id, variant, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  toMedia(row: MediaRow): Media {
    const ready = row.status === 'ready';
    const sprite = row.sprite && row.sprite_key ? (JSON.parse(row.sprite) as SpriteLayout) : null;
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      status: row.status,
      error: row.error,
      folder: row.folder,
      tags: row.tags ? row.tags.split(',') : [],
      size: Number(row.size_bytes),
      duration: row.duration_ms / 1000,
      width: row.width,
      height: row.height,
      video_codec: row.video_codec,
      audio_codec: row.audio_codec,
      url: ready ? this.link(row.id, 'video') : '',
      download_url: ready ? this.link(row.id, 'download') : '',
      poster_url: row.poster_key ? this.link(row.id, 'poster') : '',
      sprite: sprite ? { url: this.link(row.id, 'sprite'), ...sprite } : null,
      job_id: row.job_id,
      serial_id: row.serial_id,
      episode_id: row.episode_id,
      episode_no: row.episode_no,
      created_at: isoTime(row.created_at),
    };
  }

  /** The stored object behind a signed link, for the file route. */
  async fileOf(id: number, variant: MediaFileVariant): Promise<{ row: MediaRow; key: string; contentType: string }> {
    const row = await this.deps.media.get(id);
    const key =
      variant === 'poster'
        ? row?.poster_key
        : variant === 'sprite'
          ? row?.sprite_key
          : row?.status === 'ready'
            ? row.storage_key
            : null;
    if (!row || !key) throw appError('mediaNotFound');
    return { row, key, contentType: variant === 'poster' || variant === 'sprite' ? 'image/jpeg' : 'video/mp4' };
  }

  get storage(): MediaStorage {
    return this.deps.storage;
  }

  // ---- the creator's calls ------------------------------------------------------------------------------------

  async page(agentId: number, filter: MediaFilter, limit: number, offset: number) {
    const { rows, total } = await this.deps.media.page(agentId, filter, limit, offset);
    return { data: rows.map((row) => this.toMedia(row)), total };
  }

  async one(agentId: number, id: number): Promise<Media> {
    const row = await this.deps.media.owned(agentId, id);
    if (!row) throw appError('mediaNotFound');
    return this.toMedia(row);
  }

  async update(
    agentId: number,
    id: number,
    fields: { name?: string; folder?: string; tags?: string[] },
  ): Promise<Media> {
    const row = await this.deps.media.owned(agentId, id);
    if (!row) throw appError('mediaNotFound');
    await this.deps.media.update(id, {
      ...(fields.name !== undefined && { name: fields.name }),
      ...(fields.folder !== undefined && { folder: fields.folder }),
      ...(fields.tags !== undefined && { tags: [...new Set(fields.tags.map((t) => t.replace(/,/g, ' ')))].join(',') }),
    });
    return this.one(agentId, id);
  }

  /** Deletes the item and its files; deleting again answers as the first time did. */
  async delete(agentId: number, id: number): Promise<void> {
    const row = await this.deps.media.owned(agentId, id);
    if (!row) return;
    if (await this.inUse(agentId, id)) throw appError('mediaInUse');
    if (await this.deps.media.softDelete(agentId, id, this.deps.clock.now())) await this.deleteFiles(row);
  }

  private async deleteFiles(row: MediaRow): Promise<void> {
    for (const key of [row.storage_key, row.poster_key, row.sprite_key]) {
      if (!key) continue;
      await this.deps.storage.delete(key).catch((error: unknown) => {
        this.deps.log.warn({ err: error, key }, 'media file not deleted');
      });
    }
  }

  async usage(agentId: number) {
    const { used, count } = await this.deps.media.usedBytes(agentId);
    return { used_bytes: used, quota_bytes: this.deps.quotaBytes, max_file_bytes: this.deps.maxFileBytes, count };
  }

  async folders(agentId: number) {
    return (await this.deps.media.folders(agentId)).map((row) => ({ folder: row.folder, count: Number(row.n) }));
  }

  // ---- uploads (tus) ------------------------------------------------------------------------------------------

  /**
   * Admits a new upload: the size limit, then the quota — finished items plus every upload in progress plus this
   * one's promise — under a per-creator lock, so parallel creations cannot pass it together. Answers its expiry.
   */
  async reserveUpload(agentId: number, uploadId: string, write: UploadWrite): Promise<number> {
    // A length given at creation bounds every body (tus enforces it, and the size limit before this).
    const promised = write.length ?? this.deferredPromise(write, 0);
    const now = this.deps.clock.now();
    const expiresAt = now + this.deps.uploadExpiryMs;
    await this.underQuotaLock(agentId, async (trx) => {
      await this.requireRoom(agentId, uploadId, promised, now, trx);
      await this.deps.media.insertUpload(
        {
          id: uploadId,
          agent_id: agentId,
          length: write.length,
          reserved_bytes: promised,
          created_at: now,
          expires_at: expiresAt,
        },
        trx,
      );
    });
    return expiresAt;
  }

  /**
   * Admits a PATCH: the upload must be live, and its promise (the length given at creation, or while deferred the
   * length declared now or the bytes received plus this body) must fit the quota. Answers its expiry; null when the upload is already
   * a library item (tus answers for it).
   */
  async admitUploadWrite(agentId: number, uploadId: string, write: UploadWrite): Promise<number | null> {
    const now = this.deps.clock.now();
    return this.underQuotaLock(agentId, async (trx) => {
      const upload = await this.liveUpload(uploadId, now, trx);
      if (!upload) return null;
      const promised = upload.length ?? this.deferredPromise(write, upload.reserved_bytes);
      await this.requireRoom(agentId, uploadId, promised, now, trx);
      await this.deps.media.setReservedBytes(uploadId, promised, trx);
      return upload.expires_at;
    });
  }

  /** The expiry of a live upload (HEAD); null once it became a library item; `uploadExpired` after its time. */
  async uploadExpiry(uploadId: string): Promise<number | null> {
    return (await this.liveUpload(uploadId, this.deps.clock.now(), this.deps.database.db))?.expires_at ?? null;
  }

  /**
   * A tus termination (DELETE): refused once the upload became a library item (the item is deleted in the library,
   * which keeps item, file and quota together); an unfinished upload gives its reservation back.
   */
  async terminateUpload(agentId: number, uploadId: string): Promise<void> {
    await this.underQuotaLock(agentId, async (trx) => {
      if (await this.deps.media.byUpload(uploadId, trx)) throw appError('uploadCompleted');
      await this.deps.media.deleteUpload(uploadId, trx);
    });
  }

  /** A finished upload becomes a library item (once per upload), its reservation with it, and is probed. */
  async uploadFinished(agentId: number, upload: { id: string; size: number; name: string; folder: string }) {
    const existing = await this.deps.media.byUpload(upload.id);
    if (existing) return existing.id;
    const storageKey = await this.deps.storage.commitUpload(upload.id);
    const id = await this.underQuotaLock(agentId, async (trx) => {
      const mediaId = await this.deps.media.insert(
        {
          agent_id: agentId,
          kind: 'upload',
          status: 'processing',
          name: cleanName(upload.name) || '未命名视频.mp4',
          folder: withoutUnsafeCharacters(upload.folder).trim().slice(0, MEDIA_FOLDER_MAX_LENGTH),
          storage_key: storageKey,
          size_bytes: upload.size,
          upload_id: upload.id,
          created_at: this.deps.clock.now(),
        },
        trx,
      );
      await this.deps.media.deleteUpload(upload.id, trx);
      return mediaId;
    });
    await this.deps.enqueueProcess(id);
    return id;
  }

  /** The `media.upload-sweep` job: uploads past their expiry lose their staged bytes, then their reservation. */
  async removeExpiredUploads(): Promise<number> {
    let removed = 0;
    for (const upload of await this.deps.media.expiredUploads(this.deps.clock.now(), 100)) {
      try {
        await this.deps.storage.discardUpload(upload.id);
        await this.deps.media.deleteUpload(upload.id);
        removed += 1;
      } catch (error) {
        this.deps.log.warn({ err: error, uploadId: upload.id }, 'expired upload not removed');
      }
    }
    return removed;
  }

  /** `media.process` gave up (its last attempt failed): the item ends 失败 instead of 处理中 and its file goes. */
  async processingGaveUp(mediaId: number): Promise<void> {
    const row = await this.deps.media.get(mediaId);
    if (!row || row.status !== 'processing') return;
    await this.deps.storage.delete(row.storage_key).catch((error: unknown) => {
      this.deps.log.warn({ err: error, key: row.storage_key }, 'media file not deleted');
    });
    await this.deps.media.failProcessing(mediaId, ErrorMessages.mediaProcessFailed);
  }

  /**
   * Bytes a deferred-length upload counts after this request: its declaration, or what it holds once this body is
   * in — never less than before (a refused request must not shrink it). It promises nothing ahead, so each body must
   * say its size to be counted before it is written.
   */
  private deferredPromise(write: UploadWrite, before: number): number {
    if (write.bodyBytes === null) throw appError('uploadLengthRequired');
    if (write.length !== null && write.length > this.deps.maxFileBytes) {
      throw appError('mediaTooLarge', tooLargeText(this.deps.maxFileBytes));
    }
    return Math.max(before, write.length ?? 0, write.offset + write.bodyBytes);
  }

  private async requireRoom(agentId: number, uploadId: string, promised: number, now: number, trx: Db) {
    const { used } = await this.deps.media.usedBytes(agentId, trx);
    const reserved = await this.deps.media.reservedBytes(agentId, now, uploadId, trx);
    if (used + reserved + promised > this.deps.quotaBytes) throw appError('mediaQuotaExceeded');
  }

  /** The reservation of an upload still in progress; null when it became an item; `uploadExpired` otherwise. */
  private async liveUpload(uploadId: string, now: number, executor: Db): Promise<MediaUploadRow | null> {
    const upload = await this.deps.media.upload(uploadId, executor);
    if (upload && upload.expires_at > now) return upload;
    if (!upload && (await this.deps.media.byUpload(uploadId, executor))) return null;
    throw appError('uploadExpired');
  }

  /** One creator's quota decisions run one at a time (finishing items included), so their sums stay true. */
  private underQuotaLock<T>(agentId: number, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const { db, kind } = this.deps.database;
    return db.transaction().execute(async (trx) => {
      await lockKey(trx, kind, `media-quota:${agentId}`);
      return work(trx);
    });
  }

  /**
   * The `media.process` job: probe (format, limits), the decoded duration, poster, sprite, then ready. A file that
   * is not a video, is refused by the limits, or whose ffmpeg fails or runs past its time limit ends `failed` with
   * the reason, its file removed and its quota freed: no retry (the same file fails the same way), so one poisoned
   * upload delays the queue by at most its timeouts. Safe to run again after a crash.
   */
  async process(mediaId: number): Promise<void> {
    const row = await this.deps.media.get(mediaId);
    if (!row || row.status !== 'processing') return;
    const local = await this.deps.storage.localFile(row.storage_key).catch(() => null);
    if (!local) {
      await this.deps.media.update(mediaId, { status: 'failed', error: '文件已丢失，请重新上传', size_bytes: 0 });
      return;
    }
    let failure: string | null;
    try {
      const probe = await probeVideo(local.file);
      // Prices and renders count what really decodes, never more than the container claims.
      await this.finishProbe(row, local.file, { ...probe, duration: await decodedDuration(local.file, probe) });
      return;
    } catch (error) {
      failure = processingFailure(error);
      if (failure === null) throw error;
    } finally {
      await local.release();
    }
    // The file goes before the item says 失败: whoever sees the failure (the creator, a test) finds it gone. A crash
    // in between leaves the item processing without a file, which the next run ends as lost.
    await this.deps.storage.delete(row.storage_key);
    await this.deps.media.update(mediaId, { status: 'failed', error: failure, size_bytes: 0 });
  }

  private async finishProbe(row: MediaRow, file: string, probe: VideoProbe): Promise<void> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-media-'));
    try {
      const poster = path.join(dir, 'poster.jpg');
      const sprite = path.join(dir, 'sprite.jpg');
      const layout = await makePosterAndSprite(file, probe.duration, poster, sprite);
      const posterKey = `posters/${row.id}-${randomUUID().slice(0, 8)}.jpg`;
      const spriteKey = `sprites/${row.id}-${randomUUID().slice(0, 8)}.jpg`;
      await this.deps.storage.putFile(posterKey, poster, 'image/jpeg');
      await this.deps.storage.putFile(spriteKey, sprite, 'image/jpeg');
      const ready = await this.deps.media.finishProcessing(row.id, {
        status: 'ready',
        error: null,
        duration_ms: Math.round(probe.duration * 1000),
        width: probe.width,
        height: probe.height,
        video_codec: probe.videoCodec,
        audio_codec: probe.audioCodec,
        size_bytes: (await this.deps.storage.size(row.storage_key)) ?? probe.size,
        poster_key: posterKey,
        sprite_key: spriteKey,
        sprite: JSON.stringify(layout),
      });
      // Deleted while it was processed: the delete removed what the item had then, these came after it.
      if (!ready) await this.deleteFiles({ ...row, poster_key: posterKey, sprite_key: spriteKey });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  // ---- catalogue episodes -------------------------------------------------------------------------------------

  /** Copies a serial's episodes into the library, once each (linked to serial and episode), and probes them. */
  async importEpisodes(agentId: number, serialId: number, episodeIds?: number[]) {
    const serial = await this.deps.catalogue.serialEpisodeFiles(serialId);
    if (!serial) throw appError('taskNotFound');
    const wanted = serial.episodes.filter((e) => e.file && (!episodeIds || episodeIds.includes(e.id)));
    const existing = new Set(
      (
        await this.deps.media.episodes(
          agentId,
          wanted.map((e) => e.id),
        )
      ).map((m) => m.episode_id),
    );
    let added = 0;
    for (const episode of wanted) {
      if (existing.has(episode.id)) continue;
      const source = path.resolve(this.deps.catalogueDir, episode.file);
      if (!source.startsWith(path.resolve(this.deps.catalogueDir))) continue;
      const copy = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'cc-episode-')), 'episode.mp4');
      try {
        await fs.copyFile(source, copy);
      } catch {
        this.deps.log.warn({ serialId, episodeId: episode.id }, 'catalogue episode file missing');
        continue;
      }
      const key = `episodes/${agentId}/${episode.id}-${randomUUID().slice(0, 8)}.mp4`;
      const size = (await fs.stat(copy)).size;
      await this.deps.storage.putFile(key, copy, 'video/mp4');
      await fs.rm(path.dirname(copy), { recursive: true, force: true });
      const id = await this.deps.media.insert({
        agent_id: agentId,
        kind: 'episode',
        status: 'processing',
        name: `${serial.name} 第${episode.number}集.mp4`,
        folder: serial.name.slice(0, 30),
        storage_key: key,
        size_bytes: size,
        serial_id: serialId,
        episode_id: episode.id,
        episode_no: episode.number,
        created_at: this.deps.clock.now(),
      });
      await this.deps.enqueueProcess(id);
      added += 1;
    }
    const rows = await this.deps.media.episodes(
      agentId,
      wanted.map((e) => e.id),
    );
    return { data: rows.map((row) => this.toMedia(row)), added };
  }

  // ---- the tool jobs' port ------------------------------------------------------------------------------------

  async requireReady(agentId: number, ids: number[]): Promise<ToolMediaItem[]> {
    const rows = new Map((await this.deps.media.ownedMany(agentId, ids)).map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = rows.get(id);
      if (!row) throw appError('mediaNotFound');
      if (row.status !== 'ready') throw appError('toolMediaNotReady');
      return { id, name: row.name, duration: row.duration_ms / 1000 };
    });
  }

  async withLocalFile<T>(agentId: number, mediaId: number, fn: (file: string) => Promise<T>): Promise<T> {
    const row = await this.deps.media.owned(agentId, mediaId);
    if (!row) throw appError('mediaNotFound');
    const local = await this.deps.storage.localFile(row.storage_key);
    try {
      return await fn(local.file);
    } finally {
      await local.release();
    }
  }

  /** The library keeps no music yet: every style answers none, and a narration is rendered without music. */
  async musicTrack(_style: MusicStyle, _index: number): Promise<{ id: number; name: string } | null> {
    return null;
  }

  withMusicFile<T>(_trackId: number, _fn: (file: string) => Promise<T>): Promise<T> {
    return Promise.reject(appError('mediaNotFound'));
  }

  async addOutput(agentId: number, output: { file: string; name: string; jobId: string }): Promise<number> {
    const probe = await probeVideo(output.file);
    const key = `outputs/${output.jobId}/${randomUUID()}.mp4`;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-output-'));
    try {
      // Poster and sprite from the rendered file before it moves into storage.
      const poster = path.join(dir, 'poster.jpg');
      const sprite = path.join(dir, 'sprite.jpg');
      const layout = await makePosterAndSprite(output.file, probe.duration, poster, sprite);
      const posterKey = `posters/out-${randomUUID().slice(0, 12)}.jpg`;
      const spriteKey = `sprites/out-${randomUUID().slice(0, 12)}.jpg`;
      await this.deps.storage.putFile(posterKey, poster, 'image/jpeg');
      await this.deps.storage.putFile(spriteKey, sprite, 'image/jpeg');
      await this.deps.storage.putFile(key, output.file, 'video/mp4');
      return await this.deps.media.insert({
        agent_id: agentId,
        kind: 'output' satisfies MediaKind,
        status: 'ready',
        name: cleanName(output.name),
        folder: '成品',
        storage_key: key,
        poster_key: posterKey,
        sprite_key: spriteKey,
        sprite: JSON.stringify(layout),
        size_bytes: probe.size,
        duration_ms: Math.round(probe.duration * 1000),
        width: probe.width,
        height: probe.height,
        video_codec: probe.videoCodec,
        audio_codec: probe.audioCodec,
        job_id: output.jobId,
        created_at: this.deps.clock.now(),
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  async deleteOutputsOf(agentId: number, jobId: string): Promise<void> {
    for (const row of await this.deps.media.byJob(agentId, jobId)) {
      if (await this.deps.media.softDelete(agentId, row.id, this.deps.clock.now())) await this.deleteFiles(row);
    }
  }

  async describe(agentId: number, ids: number[]): Promise<Map<number, Media>> {
    const rows = await this.deps.media.ownedMany(agentId, ids);
    return new Map(rows.map((row) => [row.id, this.toMedia(row)]));
  }
}

/** The size-limit refusal naming the configured limit (the catalogue's text names the default 2 GB). */
export function tooLargeText(maxBytes: number): string {
  const size =
    maxBytes >= 1024 ** 3 ? `${+(maxBytes / 1024 ** 3).toFixed(1)}GB` : `${+(maxBytes / 1024 ** 2).toFixed(1)}MB`;
  return `文件过大，单个视频不能超过 ${size}`;
}

/** A file name as shown and downloaded: no path, no control characters, at most 100 characters. */
export function cleanName(name: string): string {
  return withoutUnsafeCharacters(name.split(/[\\/]/).pop() ?? '')
    .trim()
    .slice(0, 100);
}

/**
 * The reason a file failed processing for good, in Chinese; null for what may pass on a later attempt (storage,
 * ffmpeg missing, the server closing).
 */
function processingFailure(error: unknown): string | null {
  if (error instanceof NotAVideoError) return ErrorMessages.mediaNotVideo;
  if (error instanceof AppError) return error.message;
  if (error instanceof MediaTimeoutError) return ErrorMessages.mediaProcessTimeout;
  if (error instanceof FfmpegAbortedError || error instanceof FfmpegMissingError) return null;
  if (error instanceof FfmpegError) return ErrorMessages.mediaProcessFailed;
  return null;
}
