/**
 * The music library: narration's background tracks by style. Operators upload a track (probed as audio, kept in the
 * media storage), rename it, restyle it or delete it; the demo seed adds the tracks it renders once each; creators
 * list them with a preview link; tool jobs take the `index`-th track of a style and read its file.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MUSIC_STYLE_LABELS, MUSIC_STYLES, type MusicStyle, type MusicTrack } from '@cc/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.js';
import { AppError, appError } from '../../errors.js';
import { NotAnAudioError, probeAudio, type AudioProbe } from '../../providers/media/probe.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';
import { isoTime } from '../paging.js';
import type { MusicRepository, MusicTrackRow } from './music.repository.js';
import type { SignedLinks } from './signed-links.js';

/** A background track shorter than this repeats audibly under any narration; longer than this is not a track. */
export const MUSIC_MIN_SECONDS = 5;
export const MUSIC_MAX_SECONDS = 30 * 60;

/** The file extension and content type a track is stored and served with, by the container ffprobe found. */
export function audioFileType(format: string): { extension: string; contentType: string } {
  const names = format.split(',');
  if (names.includes('mp3')) return { extension: 'mp3', contentType: 'audio/mpeg' };
  if (names.includes('mp4') || names.includes('m4a')) return { extension: 'm4a', contentType: 'audio/mp4' };
  if (names.includes('aac')) return { extension: 'aac', contentType: 'audio/aac' };
  if (names.includes('wav')) return { extension: 'wav', contentType: 'audio/wav' };
  if (names.includes('flac')) return { extension: 'flac', contentType: 'audio/flac' };
  if (names.includes('ogg')) return { extension: 'ogg', contentType: 'audio/ogg' };
  return { extension: 'mka', contentType: 'audio/webm' };
}

const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  mka: 'audio/webm',
};

/** The content type of a stored audio file, by its key's extension. */
export function audioContentTypeOfKey(key: string): string {
  return CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

export interface MusicServiceDeps {
  music: MusicRepository;
  storage: MediaStorage;
  links: SignedLinks;
  clock: Clock;
  log: FastifyBaseLogger;
}

export class MusicService {
  constructor(private readonly deps: MusicServiceDeps) {}

  get storage(): MediaStorage {
    return this.deps.storage;
  }

  link(id: number): string {
    return this.deps.links.link(`/ai/v1/files/music/${id}`, `music.${id}`);
  }

  verifyLink(id: number, exp: number, sig: string): boolean {
    return this.deps.links.verify(`music.${id}`, exp, sig);
  }

  toTrack(row: MusicTrackRow): MusicTrack {
    return {
      id: row.id,
      style: row.style,
      name: row.name,
      duration: row.duration_ms / 1000,
      size: Number(row.size_bytes),
      audio_codec: row.audio_codec,
      preview_url: this.link(row.id),
      created_at: isoTime(row.created_at),
    };
  }

  async list(style?: MusicStyle): Promise<MusicTrack[]> {
    return (await this.deps.music.list(style)).map((row) => this.toTrack(row));
  }

  /** Every style in order with its tracks: the narration panel's choice. */
  async styles() {
    const tracks = await this.list();
    return MUSIC_STYLES.map((style) => ({
      style,
      label: MUSIC_STYLE_LABELS[style],
      tracks: tracks.filter((track) => track.style === style),
    }));
  }

  /**
   * Adds the audio file at `file` (left where it is: the caller removes it) as a track: probed as audio within the
   * track's bounds, else `musicFileInvalid` with the reason.
   */
  async add(track: { style: MusicStyle; name: string; file: string; seedKey?: string }): Promise<MusicTrack> {
    const probe = await this.probeTrack(track.file);
    const { extension, contentType } = audioFileType(probe.format);
    const key = `music/${randomUUID()}.${extension}`;
    // The storage moves a file on the same disk: it gets a copy, the caller keeps its own.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-music-'));
    try {
      const copy = path.join(dir, `track.${extension}`);
      await fs.copyFile(track.file, copy);
      await this.deps.storage.putFile(key, copy, contentType);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    const id = await this.deps.music.insert({
      style: track.style,
      name: track.name,
      storage_key: key,
      size_bytes: (await this.deps.storage.size(key)) ?? probe.size,
      duration_ms: Math.round(probe.duration * 1000),
      audio_codec: probe.audioCodec,
      seed_key: track.seedKey ?? null,
      created_at: this.deps.clock.now(),
    });
    return this.toTrack((await this.deps.music.get(id))!);
  }

  /** The demo seed's track of this key, added unless it ever was (an operator may have deleted it since). */
  async ensureSeedTrack(track: { seedKey: string; style: MusicStyle; name: string; file: string }): Promise<void> {
    if (await this.deps.music.bySeedKey(track.seedKey)) return;
    await this.add(track);
  }

  async update(id: number, fields: { style?: MusicStyle; name?: string }): Promise<MusicTrack> {
    const changed = await this.deps.music.update(id, {
      ...(fields.style !== undefined && { style: fields.style }),
      ...(fields.name !== undefined && { name: fields.name }),
    });
    const row = changed ? await this.deps.music.get(id) : undefined;
    if (!row) throw appError('musicTrackNotFound');
    return this.toTrack(row);
  }

  /** Deletes the track and its file; deleting again answers as the first time did. */
  async delete(id: number): Promise<void> {
    const row = await this.deps.music.get(id);
    if (!row || !(await this.deps.music.softDelete(id, this.deps.clock.now()))) return;
    await this.deps.storage.delete(row.storage_key).catch((error: unknown) => {
      this.deps.log.warn({ err: error, key: row.storage_key }, 'music file not deleted');
    });
  }

  async nth(style: MusicStyle, index: number): Promise<{ id: number; name: string } | null> {
    const row = await this.deps.music.nthOfStyle(style, index);
    return row ? { id: row.id, name: row.name } : null;
  }

  async withFile<T>(id: number, fn: (file: string) => Promise<T>): Promise<T> {
    const row = await this.deps.music.get(id);
    if (!row) throw appError('musicTrackNotFound');
    const local = await this.deps.storage.localFile(row.storage_key);
    try {
      return await fn(local.file);
    } finally {
      await local.release();
    }
  }

  /** The stored file behind a signed preview link. */
  async fileOf(id: number): Promise<{ key: string; contentType: string }> {
    const row = await this.deps.music.get(id);
    if (!row) throw appError('musicTrackNotFound');
    return { key: row.storage_key, contentType: audioContentTypeOfKey(row.storage_key) };
  }

  private async probeTrack(file: string): Promise<AudioProbe> {
    let probe: AudioProbe;
    try {
      probe = await probeAudio(file);
    } catch (error) {
      if (error instanceof NotAnAudioError) throw appError('musicFileInvalid');
      if (error instanceof AppError) throw appError('musicFileInvalid', `配乐文件不正确：${error.message}`);
      throw error;
    }
    if (probe.duration < MUSIC_MIN_SECONDS || probe.duration > MUSIC_MAX_SECONDS) {
      throw appError(
        'musicFileInvalid',
        `配乐时长须在 ${MUSIC_MIN_SECONDS} 秒到 ${MUSIC_MAX_SECONDS / 60} 分钟之间（该文件 ${probe.duration.toFixed(1)} 秒）`,
      );
    }
    return probe;
  }
}
