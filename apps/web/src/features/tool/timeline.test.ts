import { describe, expect, it } from 'vitest';
import { durationGap, materialTooShort, moveClip } from './timeline';

describe('moveClip', () => {
  it('swaps a clip with its neighbour and leaves the ends alone', () => {
    expect(moveClip(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveClip(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveClip(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveClip(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});

describe('duration hints', () => {
  it('says how far a script is from the target range, in either direction', () => {
    expect(durationGap(55, { min: 60, max: 90 })).toEqual({ kind: 'short', gap: '5.0' });
    expect(durationGap(92.34, { min: 60, max: 90 })).toEqual({ kind: 'long', gap: '2.3' });
    expect(durationGap(75, { min: 60, max: 90 })).toBeNull();
  });

  it('warns about material too short for the chosen duration, auto included', () => {
    expect(materialTooShort(150, 300)).toBe(true);
    expect(materialTooShort(250, 300)).toBe(false);
    expect(materialTooShort(40, 'auto')).toBe(true);
    expect(materialTooShort(70, 'auto')).toBe(false);
    expect(materialTooShort(0, 'auto')).toBe(false);
  });
});
