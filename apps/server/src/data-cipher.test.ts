import { describe, expect, it } from 'vitest';
import { DataCipher } from './data-cipher.js';

describe('personal data cipher', () => {
  const cipher = new DataCipher(Buffer.alloc(32, 1));

  it('round-trips, with a fresh IV each time, and leaves no plaintext in the sealed value', () => {
    const a = cipher.encrypt('330106199001011234');
    const b = cipher.encrypt('330106199001011234');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\./);
    expect(a).not.toContain('1234');
    expect(cipher.decrypt(a)).toBe('330106199001011234');
    expect(cipher.encrypt('')).toBe('');
    expect(cipher.decrypt('')).toBe('');
  });

  it('refuses a value altered or sealed under another key', () => {
    const sealed = cipher.encrypt('6225880112345678');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => new DataCipher(Buffer.alloc(32, 2)).decrypt(sealed)).toThrow();
    expect(() => cipher.decrypt('plain-text')).toThrow('not an encrypted value');
  });

  it('hashes for look-ups: equal per kind and key, different across kinds and keys', () => {
    expect(cipher.lookupHash('id_card', 'x')).toBe(cipher.lookupHash('id_card', 'x'));
    expect(cipher.lookupHash('id_card', 'x')).not.toBe(cipher.lookupHash('alipay', 'x'));
    expect(cipher.lookupHash('id_card', 'x')).not.toBe(new DataCipher(Buffer.alloc(32, 2)).lookupHash('id_card', 'x'));
    expect(() => new DataCipher(Buffer.alloc(16))).toThrow('32 bytes');
  });
});
