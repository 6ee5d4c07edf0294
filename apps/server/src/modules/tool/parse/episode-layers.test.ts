import { describe, expect, it } from 'vitest';
import type { MediaAnalysis } from '../video/analyze.js';
import { charactersOf, removalsAcross, scenesOf } from './episode-layers.js';

const A = '0f0f0f0f0f0f0f0f';
const A2 = '0f0f0f0f0f0f0f0e';
const B = 'f0f0f0f0f0f0f0f0';
const C = '3333333333333333';
const D = 'cccccccccccccccc';

/** An analysis whose half-second hashes are given; the other signals do not matter here. */
function analysis(hashes: string[], cuts: number[] = []): MediaAnalysis {
  const seconds = Math.ceil(hashes.length / 2);
  const zeros = new Array<number>(seconds).fill(0);
  return {
    version: 2,
    duration: hashes.length / 2,
    cuts,
    motion: zeros,
    loudness: zeros,
    speech: zeros,
    dead: zeros,
    black: zeros,
    score: zeros,
    hashes,
  };
}

describe('scenesOf', () => {
  it('starts a scene at a silent cut to another look, and keeps shots alike or spoken across together', () => {
    // Shots: A 0–2, B 2–4, A' 4–6 (back to A), C 6–8, D 8–10.
    const a = analysis([A, A, A, A, B, B, B, B, A2, A2, A2, A2, C, C, C, C, D, D, D, D], [2, 4, 6, 8]);
    const line = { start_ms: 7_000, end_ms: 9_000, text: '别走' };
    expect(scenesOf(a, [line])).toEqual([
      { start: 0, end: 2, shots: 1 },
      // B looks unlike A: a new scene. A' looks like A, but A belongs to a scene that has ended: a new one again.
      { start: 2, end: 4, shots: 1 },
      { start: 4, end: 6, shots: 1 },
      // C is new; the line spoken over the cut at 8 s joins D to it.
      { start: 6, end: 10, shots: 2 },
    ]);
  });

  it('joins a shot that looks like one of the last shots of the current scene', () => {
    const a = analysis([A, A, B, B, A2, A2], [1, 2]);
    const talk = [{ start_ms: 500, end_ms: 1_500, text: '你好' }];
    expect(scenesOf(a, talk)).toEqual([{ start: 0, end: 3, shots: 3 }]);
  });
});

describe('charactersOf', () => {
  it("counts each speaker's lines and seconds in order of first appearance", () => {
    expect(
      charactersOf([
        { start_ms: 0, end_ms: 1_500, text: '甲', speaker: '小红' },
        { start_ms: 1_500, end_ms: 2_000, text: '乙' },
        { start_ms: 2_000, end_ms: 3_000, text: '丙', speaker: '小明' },
        { start_ms: 3_000, end_ms: 3_250, text: '丁', speaker: '小红' },
      ]),
    ).toEqual([
      { speaker: '小红', lines: 2, seconds: 1.75 },
      { speaker: '小明', lines: 1, seconds: 1 },
    ]);
  });
});

describe('removalsAcross', () => {
  const distinct = (n: number, seed: number) =>
    Array.from({ length: n }, (_, i) => ((seed * 7919 + i * 104729) >>> 0).toString(16).padStart(8, '0').repeat(2));

  it('marks the shared opening and a recap in the first quarter, and leaves a repeat mid-episode alone', () => {
    const opening = [C, C, D, D];
    const first = analysis([...opening, ...distinct(36, 1)]);
    // The second episode repeats the first's 4–6 s right after its opening (a recap), and its 14–16 s mid-episode.
    const recap = first.hashes.slice(8, 12);
    const middle = first.hashes.slice(28, 32);
    const second = analysis([...opening, ...recap, ...distinct(12, 2), ...middle, ...distinct(8, 3)]);
    const [ofFirst, ofSecond] = removalsAcross([first, second]);
    expect(ofSecond).toEqual([{ start: 0, end: 4, kind: 'opening' }]);
    // In the first episode the recapped stretch is story (it happens there), but it starts in the first quarter.
    expect(ofFirst).toEqual([
      { start: 0, end: 2, kind: 'opening' },
      { start: 4, end: 6, kind: 'recap' },
    ]);
  });

  it('marks nothing where episodes are alike for more than half their length', () => {
    const card = [C, C, C, C, D, D, D, D];
    const [ofFirst, ofSecond] = removalsAcross([analysis([...card, ...distinct(10, 6)]), analysis(card)]);
    expect(ofFirst).toEqual([{ start: 0, end: 4, kind: 'opening' }]);
    expect(ofSecond).toEqual([]);
  });

  it('marks nothing in an episode that shares nothing', () => {
    expect(removalsAcross([analysis(distinct(20, 4)), analysis(distinct(20, 5))])).toEqual([[], []]);
  });
});
