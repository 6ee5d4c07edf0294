/**
 * Small images a creator uploads (a channel's cover, the avatar; issue 10 §2, §4), kept in the media storage under
 * `images/<agent id>-<random>.<ext>`. The type is read from the bytes, never from the declared header; the name
 * carries its owner, so nobody can attach another creator's image; names are unguessable, so the files are served
 * without a bearer (an `<img>` sends none).
 */
import { IMAGE_MAX_BYTES, IMAGE_URL_PREFIX } from '@cc/contracts';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appError } from '../../errors.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';

const TYPES = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as const;
type Extension = keyof typeof TYPES;

/** The image type of these bytes by their signature, or null for anything else (SVG, GIF, HTML, a renamed file). */
export function sniffImage(bytes: Buffer): Extension | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

const NAME = /^(\d+)-[A-Za-z0-9_-]{16,40}\.(jpg|png|webp)$/;

export class ImageService {
  constructor(readonly storage: MediaStorage) {}

  static url(name: string): string {
    return `${IMAGE_URL_PREFIX}${name}`;
  }

  /** The image name an address of `url(name)` names, or null for any other address. */
  static nameOf(url: string): string | null {
    return url.startsWith(IMAGE_URL_PREFIX) ? url.slice(IMAGE_URL_PREFIX.length) : null;
  }

  async store(agentId: number, bytes: Buffer): Promise<{ image: string; url: string }> {
    if (bytes.length === 0) throw appError('imageInvalid');
    if (bytes.length > IMAGE_MAX_BYTES) throw appError('imageTooLarge');
    const extension = sniffImage(bytes);
    if (!extension) throw appError('imageInvalid');
    const name = `${agentId}-${randomBytes(18).toString('base64url')}.${extension}`;
    const file = path.join(os.tmpdir(), `cc-image-${name}`);
    await fs.writeFile(file, bytes);
    try {
      await this.storage.putFile(`images/${name}`, file, TYPES[extension]);
    } finally {
      await fs.rm(file, { force: true });
    }
    return { image: name, url: ImageService.url(name) };
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
    return size === null ? null : { size, contentType: TYPES[match[2] as Extension], key };
  }
}
