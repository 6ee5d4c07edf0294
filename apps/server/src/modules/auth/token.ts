/** Opaque bearer tokens: random, shown to the client once, stored only as a SHA-256 hash. */
import { createHash, randomBytes } from 'node:crypto';

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Extracts the token of an `authorization: Bearer <token>` header, or null when the header is absent or malformed. */
export function parseBearer(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,128})$/.exec(header.trim());
  return match ? match[1]! : null;
}
