/** Media storage on local disk under one root folder (the embedded profile). */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { ByteRange, MediaStorage } from './media-storage.js';

export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local';
  private store: FileStore | null = null;

  constructor(private readonly root: string) {}

  /** Made on first use: the tus file store creates its folder in the background when it is built. */
  get uploads(): FileStore {
    if (!this.store) {
      fs.mkdirSync(path.join(this.root, 'uploads'), { recursive: true });
      this.store = new FileStore({ directory: path.join(this.root, 'uploads') });
    }
    return this.store;
  }

  /** Uploads are written in place: the tus file is the library's file. */
  async commitUpload(uploadId: string): Promise<string> {
    return `uploads/${uploadId}`;
  }

  async discardUpload(uploadId: string): Promise<void> {
    await this.delete(`uploads/${uploadId}`);
  }

  /** Refuses keys that would leave the root (`..`, absolute paths). */
  private pathOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`storage key outside the root: ${key}`);
    return file;
  }

  async putFile(key: string, file: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    try {
      await fsp.rename(file, target);
    } catch {
      await fsp.copyFile(file, target);
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.pathOf(key))).size;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
    // The tus file store keeps its metadata beside the upload.
    if (key.startsWith('uploads/')) await fsp.rm(`${this.pathOf(key)}.json`, { force: true });
  }

  async localFile(key: string): Promise<{ file: string; release(): Promise<void> }> {
    const file = this.pathOf(key);
    await fsp.access(file);
    return { file, release: async () => undefined };
  }
}
