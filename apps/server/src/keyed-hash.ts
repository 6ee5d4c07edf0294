/**
 * HMAC-SHA256 with the key's padded blocks hashed once (RFC 2104): each call copies the two prepared hash states
 * instead of building an HMAC from the key again. The same digests as `createHmac('sha256', key)`, at about half
 * the cost, for hot paths that hash every request (short-link visitors).
 */
import { createHash, type Hash } from 'node:crypto';

const BLOCK = 64;

export function keyedHasher(key: string | Buffer): (value: string) => string {
  let keyBytes = Buffer.from(key);
  if (keyBytes.length > BLOCK) keyBytes = createHash('sha256').update(keyBytes).digest();
  const padded = Buffer.alloc(BLOCK);
  keyBytes.copy(padded);
  const inner: Hash = createHash('sha256').update(padded.map((byte) => byte ^ 0x36));
  const outer: Hash = createHash('sha256').update(padded.map((byte) => byte ^ 0x5c));
  return (value) => outer.copy().update(inner.copy().update(value).digest()).digest('hex');
}
