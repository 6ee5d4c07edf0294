/**
 * Decodes an uploaded image and encodes it again (libvips through sharp): what is stored is pixels this server
 * wrote, never the bytes that came in. Metadata (EXIF with GPS, XMP, comments) is dropped, the EXIF orientation is
 * applied first, the size is bounded, and a file the decoder finds cut short or broken is refused.
 */
import { IMAGE_MAX_PIXELS, IMAGE_STORED_MAX_SIDE } from '@cc/contracts';
import sharp from 'sharp';
import { appError } from '../../errors.js';
import type { ImageExtension } from './image-layout.js';

// Decoded images are not worth keeping between requests; decoding threads stay few on a small machine.
sharp.cache(false);
sharp.concurrency(1);

export async function reencodeImage(bytes: Buffer, extension: ImageExtension): Promise<Buffer> {
  // Sequential reading streams the pixels through the resize rather than holding the whole decoded image.
  const pipeline = sharp(bytes, {
    limitInputPixels: IMAGE_MAX_PIXELS,
    failOn: 'truncated',
    pages: 1,
    sequentialRead: true,
  })
    .rotate()
    .resize({ width: IMAGE_STORED_MAX_SIDE, height: IMAGE_STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  const encoder =
    extension === 'png'
      ? pipeline.png({ compressionLevel: 9 })
      : extension === 'webp'
        ? pipeline.webp({ quality: 85 })
        : pipeline.jpeg({ quality: 85 });
  try {
    return await encoder.toBuffer();
  } catch {
    throw appError('imageCorrupt');
  }
}

/** A square PNG of `side` pixels cut from the middle of a stored image (the invite poster's avatar). */
export async function squarePng(bytes: Buffer, side: number): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, pages: 1 })
    .resize({ width: side, height: side, fit: 'cover' })
    .png()
    .toBuffer();
}
