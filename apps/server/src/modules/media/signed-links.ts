/**
 * Short-lived signed links to library files: `<audio>`, `<video>` and `<img>` cannot send a bearer token, so the
 * link carries its expiry and an HMAC of what it opens. The same link for a whole hour, so browsers can cache it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../clock.js';

const LINK_TTL_MS = 6 * 3600_000;
const HOUR = 3600_000;

export class SignedLinks {
  constructor(
    private readonly secret: Buffer,
    private readonly clock: Clock,
  ) {}

  private signature(subject: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${subject}.${exp}`).digest('hex').slice(0, 32);
  }

  /** `path?exp=&sig=`, valid for at least six hours, signing `subject` (what the path opens). */
  link(path: string, subject: string): string {
    const exp = Math.ceil((this.clock.now() + LINK_TTL_MS) / HOUR) * (HOUR / 1000);
    return `${path}?exp=${exp}&sig=${this.signature(subject, exp)}`;
  }

  verify(subject: string, exp: number, sig: string): boolean {
    if (!Number.isFinite(exp) || exp * 1000 < this.clock.now()) return false;
    const expected = Buffer.from(this.signature(subject, exp));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
