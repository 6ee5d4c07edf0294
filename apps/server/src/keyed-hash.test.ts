import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyedHasher } from './keyed-hash.js';

describe('keyedHasher', () => {
  it('gives the digests of createHmac for short, block-long and long keys and any text', () => {
    for (const key of ['s', 'x'.repeat(64), 'k'.repeat(65), '密钥-secret-🔑'.repeat(9)]) {
      const hash = keyedHasher(key);
      for (const value of ['', '203.0.113.7|Mozilla/5.0', 'ip|::1', '中文 UA 😀'.repeat(40)]) {
        expect(hash(value)).toBe(createHmac('sha256', key).update(value).digest('hex'));
      }
    }
  });
});
