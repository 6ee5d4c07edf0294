/** Both media storage drivers pass the same suite: local disk, and S3 through an in-process S3-compatible server. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { Upload } from '@tus/utils';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalMediaStorage } from './local-storage.js';
import type { MediaStorage } from './media-storage.js';
import { S3MediaStorage } from './s3-storage.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-storage-'));
const bucket = 'cc-media';
const s3rver = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: path.join(scratch, 's3'),
  configureBuckets: [{ name: bucket, configs: [] }],
});
let s3: S3MediaStorage;

beforeAll(async () => {
  const { port } = await s3rver.run();
  s3 = new S3MediaStorage(
    {
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      bucket,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    path.join(scratch, 'staging'),
  );
});
afterAll(async () => {
  s3.destroy();
  await s3rver.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function tempFile(content: string): string {
  const file = path.join(fs.mkdtempSync(path.join(scratch, 'f-')), 'file.bin');
  fs.writeFileSync(file, content);
  return file;
}

const drivers: [string, () => MediaStorage][] = [
  ['local', () => new LocalMediaStorage(path.join(scratch, 'local'))],
  ['s3', () => s3],
];

describe.each(drivers)('%s media storage', (_name, storage) => {
  it('stores a file, reads it whole and by range, gives ffmpeg a local copy, deletes idempotently', async () => {
    const store = storage();
    const key = 'outputs/7/第1集 100%.mp4';
    const file = tempFile('0123456789abcdef');
    await store.putFile(key, file, 'video/mp4');
    expect(fs.existsSync(file)).toBe(false);
    expect(await store.size(key)).toBe(16);
    expect(await text(await store.read(key))).toBe('0123456789abcdef');
    expect(await text(await store.read(key, { start: 4, end: 7 }))).toBe('4567');
    const local = await store.localFile(key);
    expect(fs.readFileSync(local.file, 'utf8')).toBe('0123456789abcdef');
    await local.release();
    await store.delete(key);
    await store.delete(key);
    expect(await store.size(key)).toBeNull();
  });

  it('takes a tus upload in two writes and keeps it under its committed key', async () => {
    const store = storage();
    const id = `42-${Date.now()}`;
    await store.uploads.create(new Upload({ id, size: 10, offset: 0, metadata: { filename: 'a.mp4' } }));
    expect(await store.uploads.write(Readable.from([Buffer.from('hello')]), id, 0)).toBe(5);
    expect(await store.uploads.write(Readable.from([Buffer.from('world')]), id, 5)).toBe(10);
    expect((await store.uploads.getUpload(id)).offset).toBe(10);
    const key = await store.commitUpload(id);
    expect(await store.commitUpload(id)).toBe(key);
    expect(await text(await store.read(key))).toBe('helloworld');
    await store.delete(key);
    expect(await store.size(key)).toBeNull();
  });

  it('discards an unfinished tus upload, bytes and metadata, idempotently', async () => {
    const store = storage();
    const id = `43-${Date.now()}`;
    await store.uploads.create(new Upload({ id, size: 10, offset: 0 }));
    await store.uploads.write(Readable.from([Buffer.from('half!')]), id, 0);
    await store.discardUpload(id);
    await store.discardUpload(id);
    await expect(store.uploads.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
  });

  if (_name === 'local') {
    it('refuses keys that leave its folder', async () => {
      await expect(storage().size('../../etc/passwd')).resolves.toBeNull();
      await expect(storage().read('../outside')).rejects.toThrow(/outside the root/);
    });
  }
});
