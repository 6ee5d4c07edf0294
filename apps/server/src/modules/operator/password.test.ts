import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

describe('operator passwords', () => {
  it('are hashed with scrypt, a salt of their own and the parameters stored', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
    expect(await verifyPassword('correct horse battery', first)).toBe(true);
    expect(await verifyPassword('correct horse batterY', first)).toBe(false);
    expect(await verifyPassword('correct horse battery', 'bcrypt$x')).toBe(false);
  });
});
