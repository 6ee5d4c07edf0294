import type { CreditPackage, RetentionClaim } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { retentionDeadline } from './retention-deadline';

const SERVER_NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const offer = { id: 6 } as CreditPackage;
const claim = (endsInMs: number | null, pack: CreditPackage | null = offer): RetentionClaim => ({
  offer: pack,
  ends_at: endsInMs === null ? null : new Date(SERVER_NOW + endsInMs).toISOString(),
  server_time: new Date(SERVER_NOW).toISOString(),
});

describe('retentionDeadline', () => {
  it("counts down what is left by the server's clock, whatever this device's clock says", () => {
    const deviceNow = SERVER_NOW - 3 * 3600_000;
    expect(retentionDeadline(claim(59 * 60_000 + 59_000), deviceNow)).toBe(deviceNow + 3_599_000);
    expect(retentionDeadline(claim(1000), SERVER_NOW + 86_400_000)).toBe(SERVER_NOW + 86_401_000);
  });

  it('shows nothing without an offer or once it has run out', () => {
    expect(retentionDeadline(claim(null, null), SERVER_NOW)).toBeNull();
    expect(retentionDeadline(claim(0), SERVER_NOW)).toBeNull();
    expect(retentionDeadline(claim(-1000), SERVER_NOW)).toBeNull();
  });
});
