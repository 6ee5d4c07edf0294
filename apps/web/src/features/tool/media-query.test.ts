import { describe, expect, it } from 'vitest';
import { mediaIdsOf } from './media-query';

describe('mediaIdsOf', () => {
  it('reads the media of ?media=1,2: positive whole ids, once each, at most a job’s worth', () => {
    expect(mediaIdsOf('3,1,3,x,-2,0,2.5,7')).toEqual([3, 1, 7]);
    expect(mediaIdsOf(null)).toEqual([]);
    expect(mediaIdsOf(Array.from({ length: 30 }, (_, i) => i + 1).join(','))).toHaveLength(20);
  });
});
