/**
 * Media storage on S3-compatible object storage (production): objects in one bucket, ranged reads for playback;
 * ffmpeg gets a downloaded temporary copy. Uploads arrive through tus into a staging folder on this server's disk
 * and are put into the bucket when complete (ADR 0015: resuming needs the same API server, or a shared staging
 * folder, behind the load balancer).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import type { AppConfig } from '../../config.js';
import type { ByteRange, MediaStorage } from './media-storage.js';

/** MEDIA_STORAGE=s3's settings (config.ts documents each). */
export type S3Settings = Omit<Extract<AppConfig['media']['storage'], { kind: 's3' }>, 'kind'>;

export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3';
  private store: FileStore | null = null;
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    private readonly stagingDir: string,
  ) {
    const clientConfig = {
      region: settings.region,
      ...(settings.endpoint && { endpoint: settings.endpoint }),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: the SDK's default aws-chunked trailers are not understood by many
      // S3-compatible servers, which would store the chunk framing as part of the object.
      requestChecksumCalculation: 'WHEN_REQUIRED' as const,
      responseChecksumValidation: 'WHEN_REQUIRED' as const,
    };
    this.client = new S3Client(clientConfig);
  }

  /** Made on first use: the tus file store creates its folder in the background when it is built. */
  get uploads(): FileStore {
    if (!this.store) {
      fs.mkdirSync(this.stagingDir, { recursive: true });
      this.store = new FileStore({ directory: this.stagingDir });
    }
    return this.store;
  }

  async commitUpload(uploadId: string): Promise<string> {
    const key = `uploads/${uploadId}`;
    const staged = path.join(this.stagingDir, uploadId);
    if (fs.existsSync(staged)) {
      await this.putFile(key, staged, 'application/octet-stream');
      await fsp.rm(`${staged}.json`, { force: true });
    }
    return key;
  }

  /** An unfinished upload never left the staging folder. */
  async discardUpload(uploadId: string): Promise<void> {
    const staged = path.join(this.stagingDir, uploadId);
    await fsp.rm(staged, { force: true });
    await fsp.rm(`${staged}.json`, { force: true });
  }

  async putFile(key: string, file: string, contentType: string): Promise<void> {
    const size = (await fsp.stat(file)).size;
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: fs.createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
    await fsp.rm(file, { force: true });
  }

  async size(key: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch {
      return null;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        ...(range && { Range: `bytes=${range.start}-${range.end}` }),
      }),
    );
    return object.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async localFile(key: string): Promise<{ file: string; release(): Promise<void> }> {
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'cc-s3-'));
    const file = path.join(dir, path.basename(key) || 'media');
    await pipeline(await this.read(key), fs.createWriteStream(file));
    return { file, release: () => fsp.rm(dir, { recursive: true, force: true }) };
  }

  destroy(): void {
    this.client.destroy();
  }
}
