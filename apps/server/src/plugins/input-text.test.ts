import { describe, expect, it } from 'vitest';
import { findNul } from './input-text.js';

describe('findNul', () => {
  it('answers the path of the first NUL in values and keys', () => {
    expect(findNul('a\u0000')).toEqual([]);
    expect(findNul({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toEqual(['b', 'c', 1]);
    expect(findNul({ nested: { 'k\u0000': 1 } })).toEqual(['nested']);
  });

  it('reads null-prototype objects and objects made from one (the query and the params)', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { q: '\u0000' });
    const params = Object.assign(Object.create(Object.create(null) as object) as Record<string, unknown>, {
      id: '1\u0000',
    });
    expect(findNul(query)).toEqual(['q']);
    expect(findNul(params)).toEqual(['id']);
  });

  it('answers null for clean text and leaves binary data alone', () => {
    expect(findNul({ a: ['素材', 1, null, true], b: '\u202e' })).toBeNull();
    expect(findNul(Buffer.from([0, 0, 0]))).toBeNull();
    expect(findNul(new Uint8Array(4))).toBeNull();
    expect(findNul(undefined)).toBeNull();
  });
});
