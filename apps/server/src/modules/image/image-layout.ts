/**
 * Reads an image's structure without decoding a pixel: its type from the signature, its width and height from the
 * header (PNG IHDR, JPEG SOF, WebP VP8/VP8L/VP8X) and where the image ends (PNG IEND, JPEG EOI, the RIFF size). A
 * decompression bomb is refused by its declared size before any decoder sees it, and bytes outside the image (an
 * HTML page glued to a picture, a polyglot) are seen for what they are.
 */
export type ImageExtension = 'jpg' | 'png' | 'webp';

export type ImageLayout =
  | { kind: 'image'; extension: ImageExtension; width: number; height: number }
  /** Not a JPG, PNG or WebP by its first bytes (SVG, GIF, HTML, a renamed file). */
  | { kind: 'unknown' }
  /** Cut short, or its structure is broken. */
  | { kind: 'corrupt' }
  /** A whole image followed by other bytes. */
  | { kind: 'extraData' };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_EOI = Buffer.from([0xff, 0xd9]);
const CORRUPT = { kind: 'corrupt' } as const;
const EXTRA_DATA = { kind: 'extraData' } as const;

export function readImageLayout(bytes: Buffer): ImageLayout {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return pngLayout(bytes);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpegLayout(bytes);
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return webpLayout(bytes);
  }
  return { kind: 'unknown' };
}

function image(extension: ImageExtension, width: number, height: number): ImageLayout {
  return width > 0 && height > 0 ? { kind: 'image', extension, width, height } : CORRUPT;
}

/** Chunks of length, type, data and CRC; IHDR first, IEND last. */
function pngLayout(bytes: Buffer): ImageLayout {
  let at = 8;
  let size: { width: number; height: number } | null = null;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return CORRUPT;
    if (size === null) {
      if (type !== 'IHDR' || length !== 13) return CORRUPT;
      size = { width: bytes.readUInt32BE(at + 8), height: bytes.readUInt32BE(at + 12) };
    }
    if (type === 'IEND') return end === bytes.length ? image('png', size.width, size.height) : EXTRA_DATA;
    at = end;
  }
  return CORRUPT;
}

/** Start of frame markers carry the size: C0–CF except DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/**
 * Segments up to the first scan, then the entropy-coded data, where 0xFF is always stuffed or a restart marker:
 * the first FF D9 after the scan starts is the image's end (an EXIF thumbnail's own end lies before the scan).
 */
function jpegLayout(bytes: Buffer): ImageLayout {
  let at = 2;
  let size: { width: number; height: number } | null = null;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return CORRUPT;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd9) return CORRUPT;
    const length = bytes.readUInt16BE(at + 2);
    const next = at + 2 + length;
    if (length < 2 || next > bytes.length) return CORRUPT;
    if (isStartOfFrame(marker)) {
      if (length < 7) return CORRUPT;
      size = { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    if (marker === 0xda) {
      if (!size) return CORRUPT;
      const end = bytes.indexOf(JPEG_EOI, next);
      if (end < 0) return CORRUPT;
      return end + 2 === bytes.length ? image('jpg', size.width, size.height) : EXTRA_DATA;
    }
    at = next;
  }
  return CORRUPT;
}

/** A RIFF container whose size field covers the file (plus a pad byte when odd); the first chunk names the size. */
function webpLayout(bytes: Buffer): ImageLayout {
  const riffSize = bytes.readUInt32LE(4);
  const end = 8 + riffSize + (riffSize % 2);
  if (end > bytes.length || bytes.length < 30) return CORRUPT;
  if (end < bytes.length) return EXTRA_DATA;
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return image('webp', 1 + bytes.readUIntLE(24, 3), 1 + bytes.readUIntLE(27, 3));
  if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) return CORRUPT;
    const bits = bytes.readUInt32LE(21);
    return image('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8 ') {
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return CORRUPT;
    return image('webp', bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  return CORRUPT;
}
