// @vitest-environment jsdom
import { RETENTION_OFFER_SECONDS } from '@cc/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { retentionDeadline } from './retention-deadline';

const T0 = Date.UTC(2026, 10, 21, 12, 0, 0);
const WINDOW_MS = RETENTION_OFFER_SECONDS * 1000;

describe('retentionDeadline', () => {
  beforeEach(() => localStorage.clear());

  it('starts a 59:59 countdown the first time an offer is shown and stores its end', () => {
    expect(retentionDeadline(6, T0)).toBe(T0 + WINDOW_MS);
    expect(JSON.parse(localStorage.getItem('retention_offer')!)).toEqual({ id: 6, endsAt: T0 + WINDOW_MS });
  });

  it('continues the stored countdown later, as after a reload', () => {
    retentionDeadline(6, T0);
    // A reload keeps localStorage; the same end comes back rather than a fresh 59:59.
    expect(retentionDeadline(6, T0 + 10 * 60_000)).toBe(T0 + WINDOW_MS);
  });

  it('offers nothing once the countdown has run out, and keeps it that way', () => {
    retentionDeadline(6, T0);
    expect(retentionDeadline(6, T0 + WINDOW_MS)).toBeNull();
    expect(retentionDeadline(6, T0 + 2 * WINDOW_MS)).toBeNull();
  });

  it('gives a different offer its own countdown', () => {
    retentionDeadline(6, T0);
    expect(retentionDeadline(8, T0 + WINDOW_MS + 1)).toBe(T0 + 2 * WINDOW_MS + 1);
  });

  it('starts afresh over a damaged stored value', () => {
    localStorage.setItem('retention_offer', '{not json');
    expect(retentionDeadline(6, T0)).toBe(T0 + WINDOW_MS);
    localStorage.setItem('retention_offer', JSON.stringify({ id: '6', endsAt: 'soon' }));
    expect(retentionDeadline(6, T0)).toBe(T0 + WINDOW_MS);
  });
});
