/**
 * A second, independent RFC 6238 implementation for tests: they compute the codes an authenticator app would show
 * with this, not with the server's own code, so a mistake in one is caught by the other.
 */
import { createHmac } from 'node:crypto';

function fromBase32(secret: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...secret.toUpperCase()].map((ch) => alphabet.indexOf(ch).toString(2).padStart(5, '0')).join('');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The code for a raw key at a Unix time in seconds (RFC 6238 with SHA-1, 30-second steps). */
export function totpAt(key: Buffer, unixSeconds: number, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeUInt32BE(Math.floor(unixSeconds / 30 / 2 ** 32), 0);
  counter.writeUInt32BE(Math.floor(unixSeconds / 30) >>> 0, 4);
  const mac = createHmac('sha1', key).update(counter).digest();
  const at = mac[19]! & 0x0f;
  const value = ((mac[at]! & 0x7f) << 24) | (mac[at + 1]! << 16) | (mac[at + 2]! << 8) | mac[at + 3]!;
  return (value % 10 ** digits).toString().padStart(digits, '0');
}

/** The 6-digit code an authenticator app shows for a base32 secret at a time in milliseconds. */
export function totpCode(secret: string, nowMs: number): string {
  return totpAt(fromBase32(secret), Math.floor(nowMs / 1000));
}
