/** The structure of an upload, read without decoding it: type, declared size, and nothing before or after it. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HTML_PAYLOAD, makePng, pngBomb } from '../../../test/image-fixtures.js';
import { readImageLayout } from './image-layout.js';

const solid = (format: 'jpeg' | 'webp', lossless = false) => {
  const canvas = sharp({ create: { width: 33, height: 21, channels: 3, background: '#3366cc' } });
  return (format === 'webp' ? canvas.webp({ lossless }) : canvas.jpeg()).toBuffer();
};

describe('readImageLayout', () => {
  it('reads the size of a PNG, a JPEG and a lossy or lossless WebP from their headers', async () => {
    expect(readImageLayout(makePng(7, 5))).toEqual({ kind: 'image', extension: 'png', width: 7, height: 5 });
    const size = { width: 33, height: 21 };
    expect(readImageLayout(await solid('jpeg'))).toEqual({ kind: 'image', extension: 'jpg', ...size });
    expect(readImageLayout(await solid('webp'))).toEqual({ kind: 'image', extension: 'webp', ...size });
    expect(readImageLayout(await solid('webp', true))).toEqual({ kind: 'image', extension: 'webp', ...size });
  });

  it('reads the 60 000 × 60 000 a bomb declares, from under a kilobyte', () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1024);
    expect(readImageLayout(bomb)).toEqual({ kind: 'image', extension: 'png', width: 60_000, height: 60_000 });
  });

  it('sees HTML glued after an image, and a file cut short', async () => {
    for (const image of [makePng(4, 4), await solid('jpeg'), await solid('webp')]) {
      expect(readImageLayout(Buffer.concat([image, Buffer.from(HTML_PAYLOAD)])).kind).toBe('extraData');
      expect(readImageLayout(image.subarray(0, Math.floor(image.length * 0.7))).kind).toBe('corrupt');
    }
    expect(readImageLayout(Buffer.concat([Buffer.from(HTML_PAYLOAD), makePng(4, 4)])).kind).toBe('unknown');
  });
});
