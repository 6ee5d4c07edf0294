/**
 * Images made at test time: real PNGs written chunk by chunk with node's zlib, a decompression bomb
 * whose header declares 60 000 × 60 000 pixels over a few hundred bytes, and the hostile variants of a real image.
 */
import { crc32, deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A grey PNG of this size whose pixels are `pixels` rows (filter byte 0 each) compressed, or noise. */
export function makePng(width: number, height: number, options: { noise?: boolean; rows?: number } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rowCount = Math.min(height, options.rows ?? height);
  const raw = Buffer.alloc((width + 1) * rowCount, 0x80);
  for (let row = 0; row < rowCount; row++) {
    raw[row * (width + 1)] = 0;
    if (options.noise) randomBytes(width).copy(raw, row * (width + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** 60 000 × 60 000 pixels declared (3.6 GB decoded), a few rows of them compressed: under a kilobyte on the wire. */
export function pngBomb(): Buffer {
  return makePng(60_000, 60_000, { rows: 2 });
}

export const HTML_PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>';

/** `POST /agent/v1/upload/image` with these bytes as the body, declared as `type`. */
export function uploadImage(app: FastifyInstance, token: string, bytes: Buffer, type = 'image/png') {
  return app.inject({
    method: 'POST',
    url: '/agent/v1/upload/image',
    headers: { vendor: 'default', authorization: `Bearer ${token}`, 'content-type': type },
    payload: bytes,
  });
}
