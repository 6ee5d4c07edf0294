// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { captureReferral, landingCq, readReferral } from './referral';

describe('referral', () => {
  afterEach(() => sessionStorage.clear());

  it('keeps invite code and channel for the visit, the address winning', () => {
    captureReferral(new URLSearchParams('invite_code=AB12&channel_from=dy'), '/task');
    expect(readReferral(new URLSearchParams())).toEqual({ inviteCode: 'AB12', channelFrom: 'dy', landing: null });
    expect(readReferral(new URLSearchParams('invite_code=ZZ9')).inviteCode).toBe('ZZ9');
  });

  it('marks a visit that arrives on a landing page: source 1 and cq from its bi parameters', () => {
    expect(landingCq(new URLSearchParams('bi=a&x=1&bi=b%26c'))).toBe('bi=a&bi=b%26c');
    captureReferral(new URLSearchParams('bi=ad1&bi=%E6%8A%96'), '/ai');
    expect(readReferral(new URLSearchParams()).landing).toEqual({ source: 1, cq: 'bi=ad1&bi=%E6%8A%96' });
  });

  it('counts a landing visit without bi as the landing flow with an empty cq, and other pages not at all', () => {
    captureReferral(new URLSearchParams(), '/task');
    expect(readReferral(new URLSearchParams()).landing).toBeNull();
    captureReferral(new URLSearchParams(), '/gift/');
    expect(readReferral(new URLSearchParams()).landing).toEqual({ source: 1, cq: '' });
  });
});
