import { describe, expect, it } from 'vitest';
import { moveClip } from './timeline';

describe('moveClip', () => {
  it('swaps a clip with its neighbour and leaves the ends alone', () => {
    expect(moveClip(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveClip(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveClip(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveClip(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
