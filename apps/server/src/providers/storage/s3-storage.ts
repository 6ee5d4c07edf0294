/**
 * Media storage on S3-compatible object storage (production): objects under an optional key prefix in one bucket,
 * ranged reads for playback, and the tus S3 store for uploads. ffmpeg gets a downloaded temporary copy.
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
import { S3Store } from '@tus/s3-store';
import type { ByteRange, MediaStorage } from './media-storage.js';

export interface S3Settings {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3';
  readonly uploads: S3Store;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    const clientConfig = {
      region: settings.region,
      ...(settings.endpoint && { endpoint: settings.endpoint }),
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    };
    this.client = new S3Client(clientConfig);
    this.uploads = new S3Store({
      partSize: 8 * 1024 * 1024,
      s3ClientConfig: { ...clientConfig, bucket: settings.bucket },
    });
  }

  /** The tus S3 store names the object after the upload id. */
  uploadKey(uploadId: string): string {
    return uploadId;
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
    if (!key.includes('/')) {
      // The tus S3 store's upload info object.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: `${key}.info` }));
    }
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
