import { describe, expect, it } from 'vitest';
import { UploadSlots } from './upload-slots';

describe('upload slots', () => {
  it('runs at most `size` uploads at once; the others start in order as slots free, a release counting once', async () => {
    const slots = new UploadSlots(3);
    const started: number[] = [];
    const releases = new Map<number, () => void>();
    const all = [1, 2, 3, 4, 5].map((n) =>
      slots.take().then((release) => {
        started.push(n);
        releases.set(n, release);
      }),
    );
    await Promise.all(all.slice(0, 3));
    expect(started).toEqual([1, 2, 3]);
    releases.get(2)!();
    releases.get(2)!();
    await all[3];
    expect(started).toEqual([1, 2, 3, 4]);
    releases.get(1)!();
    await all[4];
    expect(started).toEqual([1, 2, 3, 4, 5]);
    // Every slot freed: three take at once again.
    for (const n of [3, 4, 5]) releases.get(n)!();
    await Promise.all([slots.take(), slots.take(), slots.take()]);
  });
});
