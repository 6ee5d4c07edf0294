import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, parseBearer } from './token.js';

describe('bearer tokens', () => {
  it('are long, random and url-safe', () => {
    const tokens = new Set(Array.from({ length: 200 }, generateToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as a SHA-256 hash that does not contain the token', () => {
    const token = generateToken();
    const hash = hashToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashToken(token));
    expect(hash).not.toContain(token);
  });

  it('parse only a well-formed Bearer header', () => {
    const token = generateToken();
    expect(parseBearer(`Bearer ${token}`)).toBe(token);
    expect(parseBearer(`bearer ${token}`)).toBeNull();
    expect(parseBearer(token)).toBeNull();
    expect(parseBearer('Bearer ')).toBeNull();
    expect(parseBearer('Bearer a.b.c')).toBeNull();
    expect(parseBearer(undefined)).toBeNull();
  });
});
