/**
 * Where library files live, behind one interface: local disk by default, S3-compatible object storage
 * in production. Keys are relative paths (`uploads/<id>`, `outputs/<job>/<file>.mp4`, `posters/<id>.jpg`).
 */
import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/utils';

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Stores a local file under `key` (moved when it is on the same disk, else copied). */
  putFile(key: string, file: string, contentType: string): Promise<void>;
  /** Bytes of the object, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Idempotent: deleting what is not there is fine. */
  delete(key: string): Promise<void>;
  /** A local path of the object for ffmpeg, and a release to call when done (object storage downloads it first). */
  localFile(key: string): Promise<{ file: string; release(): Promise<void> }>;
  /** The tus datastore uploads are written to while they arrive. */
  readonly uploads: DataStore;
  /** Moves a finished upload to where the library keeps it; answers its key. Idempotent. */
  commitUpload(uploadId: string): Promise<string>;
  /** Removes an unfinished upload's bytes and tus metadata (an expired upload). Idempotent. */
  discardUpload(uploadId: string): Promise<void>;
}
