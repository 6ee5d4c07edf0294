import { describe, expect, it } from 'vitest';
import { totpAt, totpCode } from '../../../test/totp-codes.js';
import { base32Decode, base32Encode, generateTotpSecret, hotp, matchTotp, otpauthUrl, totpStep } from './totp.js';

/** RFC 6238 appendix B, SHA-1 rows: the key is "12345678901234567890", 8 digits. */
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC_VECTORS: [seconds: number, code: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(RFC_VECTORS)('the server matches RFC 6238 at %i s', (seconds, code) => {
    expect(hotp(RFC_KEY, Math.floor(seconds / 30), 8)).toBe(code);
  });

  it.each(RFC_VECTORS)("the tests' own implementation matches RFC 6238 at %i s", (seconds, code) => {
    expect(totpAt(RFC_KEY, seconds, 8)).toBe(code);
  });

  it('reads back the base32 it writes (RFC 4648 examples too)', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
  });

  it('accepts the current step and one either side, never a step at or before the last one used', () => {
    const secret = generateTotpSecret();
    const now = Date.UTC(2026, 10, 21, 4, 0, 10);
    const step = totpStep(now);
    expect(matchTotp(secret, totpCode(secret, now), now, null)).toBe(step);
    expect(matchTotp(secret, totpCode(secret, now - 30_000), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now, null)).toBe(step + 1);
    expect(matchTotp(secret, totpCode(secret, now - 60_000), now, null)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now), now, step)).toBeNull();
    expect(matchTotp(secret, totpCode(secret, now + 30_000), now, step)).toBe(step + 1);
  });

  it('names the secret and parameters in the enrolment URL', () => {
    const url = new URL(otpauthUrl('运营后台', 'alice', 'ABCDEF'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.searchParams.get('secret')).toBe('ABCDEF');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
  });
});
