import { describe, expect, it } from 'vitest';
import { isLocalLink } from './local-link';

describe('links nobody else can open', () => {
  it('are the loopback and private addresses a server without PUBLIC_BASE_URL makes', () => {
    for (const link of [
      'http://localhost:8080/s/ABC',
      'http://127.0.0.1:3000/?invite_code=X',
      'http://[::1]:8080/s/A',
      'http://192.168.1.20:8080/s/A',
      'http://10.0.0.5/s/A',
      'http://172.20.0.2/s/A',
      'http://my-box.local:8080/s/A',
    ])
      expect(isLocalLink(link), link).toBe(true);
  });

  it('are not public addresses, nor text that is not an address', () => {
    for (const link of ['https://cc.example.com/s/ABC', 'http://172.32.0.1/s/A', 'http://8.8.8.8/', 'K7Q2P9', ''])
      expect(isLocalLink(link), link).toBe(false);
  });
});
