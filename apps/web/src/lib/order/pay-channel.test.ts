import { describe, expect, it } from 'vitest';
import { payChannelFor } from './pay-channel';

const desktopAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const iphoneAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('payChannelFor', () => {
  it('pays in the mobile cashier on a phone browser, whatever its width', () => {
    expect(payChannelFor({ userAgent: iphoneAgent, coarsePointer: true, viewportWidth: 390 })).toBe('wap');
    expect(payChannelFor({ userAgent: iphoneAgent, coarsePointer: false, viewportWidth: 1200 })).toBe('wap');
  });

  it('pays in the mobile cashier on a narrow touch screen with a desktop agent', () => {
    expect(payChannelFor({ userAgent: desktopAgent, coarsePointer: true, viewportWidth: 390 })).toBe('wap');
  });

  it('keeps the QR on desktops: a narrow mouse window, or a wide touch screen', () => {
    expect(payChannelFor({ userAgent: desktopAgent, coarsePointer: false, viewportWidth: 390 })).toBe('qr');
    expect(payChannelFor({ userAgent: desktopAgent, coarsePointer: true, viewportWidth: 1440 })).toBe('qr');
    expect(payChannelFor({ userAgent: desktopAgent, coarsePointer: false, viewportWidth: 1440 })).toBe('qr');
  });
});
