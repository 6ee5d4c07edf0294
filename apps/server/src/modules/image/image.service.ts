/**
 * Small images a creator uploads (a channel's cover, the avatar), kept in the media storage under
 * `images/<agent id>-<random>.<ext>`. An upload is checked by its structure (type, declared size, nothing around
 * the image), then decoded and encoded again, so what is served is an image this server wrote. The
 * name carries its owner, so nobody can attach another creator's image; names are unguessable, so the files are
 * served without a bearer (an `<img>` sends none). Uploads are limited per creator (per hour, total bytes), and
 * images no avatar or cover uses are removed a day after their upload.
 */
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, IMAGE_URL_PREFIX } from '@cc/contracts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { lockKey } from '../../db/locks.js';
import { appError } from '../../errors.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';
import { reencodeImage, squarePng } from './image-decoder.js';
import { readImageLayout, type ImageExtension } from './image-layout.js';
import type { ImageRepository } from './image.repository.js';

const TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const satisfies Record<
  ImageExtension,
  string
>;

const NAME = /^(\d+)-[A-Za-z0-9_-]{16,40}\.(jpg|png|webp)$/;
const HOUR_MS = 3_600_000;
/** An image no avatar or cover uses is kept this long: time enough to upload it and then save the form using it. */
export const UNUSED_IMAGE_TTL_MS = 24 * HOUR_MS;
const CLEANUP_PAGE = 200;

export interface ImageLimits {
  /** IMAGE_UPLOADS_PER_HOUR. */
  uploadsPerHour: number;
  /** IMAGE_SPACE_BYTES: the bytes one creator's kept images may take. */
  spaceBytes: number;
}

/** Which of these image names a module's rows (avatars, covers) use now. */
export type ImageUsageCheck = (names: string[]) => Promise<string[]>;

export class ImageService {
  private readonly usageChecks: ImageUsageCheck[] = [];

  constructor(
    private readonly database: DatabaseHandle,
    private readonly images: ImageRepository,
    readonly storage: MediaStorage,
    private readonly clock: Clock,
    private readonly limits: ImageLimits,
  ) {}

  static url(name: string): string {
    return `${IMAGE_URL_PREFIX}${name}`;
  }

  /** The image name an address of `url(name)` names, or null for any other address. */
  static nameOf(url: string): string | null {
    return url.startsWith(IMAGE_URL_PREFIX) ? url.slice(IMAGE_URL_PREFIX.length) : null;
  }

  /**
   * Each module whose rows point at images (avatars, covers) says which names it uses; it is built after this
   * service, so it hands its check in. The clean-up keeps any name one of them uses.
   */
  addUsageCheck(check: ImageUsageCheck): void {
    this.usageChecks.push(check);
  }

  async store(agentId: number, bytes: Buffer): Promise<{ image: string; url: string }> {
    if (bytes.length === 0) throw appError('imageInvalid');
    if (bytes.length > IMAGE_MAX_BYTES) throw appError('imageTooLarge');
    const layout = readImageLayout(bytes);
    if (layout.kind === 'unknown') throw appError('imageInvalid');
    if (layout.kind === 'corrupt') throw appError('imageCorrupt');
    if (layout.kind === 'extraData') throw appError('imageExtraData');
    if (layout.width * layout.height > IMAGE_MAX_PIXELS) throw appError('imageTooManyPixels');
    // Decoding costs time and memory: a creator over the limits is refused before it, and again under the lock.
    await this.requireWithinLimits(agentId, 0, this.database.db);
    const encoded = await reencodeImage(bytes, layout.extension);
    const name = `${agentId}-${randomBytes(18).toString('base64url')}.${layout.extension}`;
    await this.database.db.transaction().execute(async (trx) => {
      // One creator's uploads are counted one at a time, so parallel uploads cannot pass the limits together.
      await lockKey(trx, this.database.kind, `images:${agentId}`);
      await this.requireWithinLimits(agentId, encoded.length, trx);
      await this.images.insert(
        { name, agent_id: agentId, size_bytes: encoded.length, created_at: this.clock.now() },
        trx,
      );
    });
    const file = path.join(os.tmpdir(), `cc-image-${name}`);
    try {
      await fs.writeFile(file, encoded);
      await this.storage.putFile(`images/${name}`, file, TYPES[layout.extension]);
    } catch (error) {
      await this.images.delete(name);
      throw error;
    } finally {
      await fs.rm(file, { force: true });
    }
    return { image: name, url: ImageService.url(name) };
  }

  private async requireWithinLimits(agentId: number, bytes: number, executor: Kysely<Database>): Promise<void> {
    const usage = await this.images.usage(agentId, this.clock.now() - HOUR_MS, executor);
    if (usage.recent >= this.limits.uploadsPerHour) throw appError('imageUploadsPerHour');
    if (usage.bytes + bytes > this.limits.spaceBytes) throw appError('imageSpaceFull');
  }

  /** Throws unless `name` is an existing image of this creator. */
  async requireOwn(agentId: number, name: string): Promise<void> {
    const match = NAME.exec(name);
    if (!match || Number(match[1]) !== agentId || (await this.storage.size(`images/${name}`)) === null) {
      throw appError('imageInvalid', '图片不存在或已失效，请重新上传');
    }
  }

  /** The stored file of an image name, or null when there is none. */
  async open(name: string): Promise<{ size: number; contentType: string; key: string } | null> {
    const match = NAME.exec(name);
    if (!match) return null;
    const key = `images/${name}`;
    const size = await this.storage.size(key);
    return size === null ? null : { size, contentType: TYPES[match[2] as ImageExtension], key };
  }

  /**
   * A square PNG of `side` pixels of the stored image at `url` (an avatar's address), or null when the address is no
   * stored image (empty, or gone). What it reads is what this server encoded itself.
   */
  async squareOf(url: string, side: number): Promise<{ name: string; png: Buffer } | null> {
    const name = ImageService.nameOf(url);
    if (name === null || !NAME.test(name)) return null;
    const key = `images/${name}`;
    if ((await this.storage.size(key)) === null) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.read(key)) chunks.push(chunk as Buffer);
    return { name, png: await squarePng(Buffer.concat(chunks), side) };
  }

  /** Removes the images uploaded over a day ago that no avatar or cover uses; answers how many went. */
  async removeUnused(): Promise<number> {
    if (this.usageChecks.length === 0) throw new Error('no image usage check was added');
    const before = this.clock.now() - UNUSED_IMAGE_TTL_MS;
    let removed = 0;
    let after = '';
    for (;;) {
      const names = await this.images.namesBefore(before, after, CLEANUP_PAGE);
      if (names.length === 0) return removed;
      const used = new Set((await Promise.all(this.usageChecks.map((check) => check(names)))).flat());
      for (const name of names) {
        if (used.has(name) || !(await this.images.delete(name))) continue;
        await this.storage.delete(`images/${name}`);
        removed += 1;
      }
      after = names.at(-1)!;
    }
  }
}
