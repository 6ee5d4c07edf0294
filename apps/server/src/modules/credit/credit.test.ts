import { describe, expect, it } from 'vitest';
import { allocate } from './credit.service.js';

describe('allocate', () => {
  const grants = [
    { id: 1, kind: 3, remaining: 20 },
    { id: 2, kind: 2, remaining: 300 },
  ];

  it('takes from grants in the given order (soonest to expire first)', () => {
    expect(allocate(grants, 50)).toEqual([
      { grantId: 1, kind: 3, amount: 20 },
      { grantId: 2, kind: 2, amount: 30 },
    ]);
    expect(allocate(grants, 20)).toEqual([{ grantId: 1, kind: 3, amount: 20 }]);
  });

  it('gives nothing when the grants cannot cover the amount', () => {
    expect(allocate(grants, 321)).toEqual([]);
    expect(allocate([], 1)).toEqual([]);
  });

  it('skips empty grants', () => {
    expect(allocate([{ id: 9, kind: 3, remaining: 0 }, ...grants], 5)).toEqual([{ grantId: 1, kind: 3, amount: 5 }]);
  });
});
