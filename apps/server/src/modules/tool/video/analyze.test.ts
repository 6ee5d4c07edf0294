import { describe, expect, it } from 'vitest';
import { analyzeVideo, parseIntervals, parseMetadataPrint, scoreSeconds } from './analyze.js';
import { clip, joined } from './video-fixtures.js';

describe('analysis helpers (pure)', () => {
  it('reads metadata=print output and start/end log lines', () => {
    const text = 'frame:75   pts:38694   pts_time:3.02297\nlavfi.scd.time=3.02297\nframe:76 pts:1 pts_time:3.06\n';
    expect(parseMetadataPrint(text, 'lavfi.scd.time')).toEqual([{ time: 3.02297, value: 3.02297 }]);
    const lines = [
      '[silencedetect] silence_start: 2.5',
      '[silencedetect] silence_end: 4 | silence_duration: 1.5',
      'silence_start: 9',
    ];
    expect(parseIntervals(lines, /silence_start: ([\d.]+)/, /silence_end: ([\d.]+)/, 10)).toEqual([
      [2.5, 4],
      [9, 10],
    ]);
  });

  it('scores loud, moving, cut-dense seconds high and dead seconds zero', () => {
    const score = scoreSeconds({
      motion: [1, 1, 9, 1, 1],
      loudness: [-30, -30, -10, -30, -30],
      speech: [0, 0, 1, 0, 0],
      dead: [0, 0, 0, 0, 1],
      cuts: [2.2],
    });
    expect(score.indexOf(Math.max(...score))).toBe(2);
    expect(score[4]).toBe(0);
  });
});

describe('analyzeVideo (real ffmpeg, one pass)', () => {
  it('finds shot changes, a loud burst, silence and a frozen picture', async () => {
    const file = joined('analysis.mp4', [
      clip('testsrc2', 3, { volume: 0.2 }),
      clip('mandelbrot', 3, { frequency: 660, volume: 1 }),
      clip('smptebars', 3, { volume: 0 }),
    ]);
    const progress: number[] = [];
    const a = await analyzeVideo(file, { onProgress: (f) => progress.push(f) });
    expect(a.duration).toBeCloseTo(9, 0);
    expect(a.motion).toHaveLength(9);
    expect(a.cuts.map(Math.round)).toEqual([3, 6]);
    // The mandelbrot part is far louder than the rest; the bars are silent and frozen.
    expect(Math.max(...a.loudness.slice(3, 6))).toBeGreaterThan(Math.max(...a.loudness.slice(0, 3)) + 6);
    expect(a.speech.slice(6, 9)).toEqual([0, 0, 0]);
    expect(a.dead.slice(7, 9)).toEqual([1, 1]);
    expect(a.score.slice(7, 9)).toEqual([0, 0]);
    expect(a.hashes).toHaveLength(18);
    expect(progress.at(-1)).toBeGreaterThan(0.8);
  });
});
