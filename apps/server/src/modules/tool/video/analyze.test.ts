import { describe, expect, it } from 'vitest';
import { analyzeVideo, parseIntervals, parseMetadataPrint, scoreSeconds } from './analyze.js';
import { planMixcut } from './plan.js';
import { clip, joined, scenesClip } from './video-fixtures.js';

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

  it('scores black seconds zero and frozen ones a fifth of what they would score', () => {
    const signals = {
      motion: [1, 1, 9, 1, 1],
      loudness: [-30, -30, -10, -30, -30],
      speech: [0, 0, 1, 0, 0],
      cuts: [2.2],
    };
    const live = scoreSeconds({ ...signals, dead: [0, 0, 0, 0, 0], black: [0, 0, 0, 0, 0] });
    const score = scoreSeconds({ ...signals, dead: [0, 0, 1, 1, 0], black: [0, 0, 0, 1, 0] });
    expect(score[2]).toBeCloseTo(live[2]! * 0.2, 2);
    expect(score[3]).toBe(0);
    expect(score[4]).toBe(live[4]);
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
    // Frozen, not black: still material, at a fifth of its score.
    expect(a.black?.slice(7, 9)).toEqual([0, 0]);
    expect(Math.max(...a.score.slice(7, 9))).toBeLessThanOrEqual(0.2);
    expect(a.hashes).toHaveLength(18);
    expect(progress.at(-1)).toBeGreaterThan(0.8);
  });
});

describe('analysis and plan of a generated source with three loud, fast-moving scenes (real ffmpeg)', () => {
  const loud: [number, number][] = [
    [30, 45],
    [90, 105],
    [150, 165],
  ];
  it('a 90 s high_cut takes the loud scenes first and fills 60–90 s with the quiet rest', async () => {
    const a = await analyzeVideo(scenesClip(180, loud));
    const inLoud = (t: number) => loud.some(([from, to]) => t >= from && t < to);
    for (const seed of [1, 2, 3]) {
      const script = planMixcut(
        [{ mediaId: 1, analysis: a }],
        { cut_duration: 90, cut_type: 'high_cut', script_count: 1 },
        seed,
      ).scripts[0]!;
      expect(script.duration).toBeGreaterThanOrEqual(60);
      expect(script.duration).toBeLessThanOrEqual(90);
      let covered = 0;
      for (const c of script.clips) {
        for (let t = Math.ceil(c.start); t < c.end; t += 1) if (inLoud(t)) covered += 1;
        if (inLoud(c.start + 0.5)) expect(c.reason).toMatch(/^响度高于平均 \d+ dB，画面变化剧烈/);
      }
      expect(covered).toBeGreaterThanOrEqual(42);
    }
  }, 60_000);
});
