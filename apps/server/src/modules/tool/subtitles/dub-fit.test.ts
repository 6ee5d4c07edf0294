import { describe, expect, it } from 'vitest';
import { SubtitleError } from './cue.js';
import { DUB_MAX_ATEMPO, fitDub, toOutputMs } from './dub-fit.js';

const cues = [
  { startMs: 1000, endMs: 3000, text: 'one' },
  { startMs: 5000, endMs: 7000, text: 'two' },
  { startMs: 9000, endMs: 10_000, text: 'three' },
];
const videoDurationMs = 12_000;

describe('fitDub', () => {
  it('keeps a line that fits its cue as it is, and one that fits its slot running into the gap', () => {
    const plan = fitDub(cues, [1500, 3500, 2500], { videoDurationMs });
    expect(plan.lines).toEqual([
      { startMs: 1000, endMs: 2500, atempo: 1, speechMs: 1500 },
      { startMs: 5000, endMs: 8500, atempo: 1, speechMs: 3500 },
      { startMs: 9000, endMs: 11_500, atempo: 1, speechMs: 2500 },
    ]);
    expect(plan.segments).toEqual([
      { sourceStartMs: 0, sourceEndMs: 12_000, outputStartMs: 0, outputEndMs: 12_000, stretch: 1 },
    ]);
    // Each subtitle stays up while its line speaks, never into the next cue.
    expect(plan.cues).toEqual([
      { startMs: 1000, endMs: 3000, text: 'one' },
      { startMs: 5000, endMs: 8500, text: 'two' },
      { startMs: 9000, endMs: 11_500, text: 'three' },
    ]);
    expect(plan.durationMs).toBe(12_000);
  });

  it('speeds a line up to fill its slot, at most 1.3×', () => {
    const plan = fitDub(cues, [5000, 4000, 3000], { videoDurationMs });
    expect(plan.lines[0]).toEqual({ startMs: 1000, endMs: 5000, atempo: 1.25, speechMs: 5000 });
    expect(plan.lines[2]!.atempo).toBe(1);
    expect(plan.segments).toHaveLength(1);
  });

  it('slows the picture of the slot for what 1.3× cannot absorb, and moves every later cue by it', () => {
    // 6500 ms at 1.3× is 5000 ms in a 4000 ms slot: the slot is slowed by 1.25 and 1000 ms are added.
    const plan = fitDub(cues, [6500, 1000, 1000], { videoDurationMs });
    expect(plan.lines).toEqual([
      { startMs: 1000, endMs: 6000, atempo: DUB_MAX_ATEMPO, speechMs: 6500 },
      { startMs: 6000, endMs: 7000, atempo: 1, speechMs: 1000 },
      { startMs: 10_000, endMs: 11_000, atempo: 1, speechMs: 1000 },
    ]);
    expect(plan.segments).toEqual([
      { sourceStartMs: 0, sourceEndMs: 1000, outputStartMs: 0, outputEndMs: 1000, stretch: 1 },
      { sourceStartMs: 1000, sourceEndMs: 5000, outputStartMs: 1000, outputEndMs: 6000, stretch: 1.25 },
      { sourceStartMs: 5000, sourceEndMs: 12_000, outputStartMs: 6000, outputEndMs: 13_000, stretch: 1 },
    ]);
    expect(plan.cues.map((cue) => [cue.startMs, cue.endMs])).toEqual([
      [1000, 6000],
      [6000, 8000],
      [10_000, 11_000],
    ]);
    expect(plan.durationMs).toBe(13_000);
    expect(toOutputMs(plan.segments, 3000)).toBe(3500);
  });

  it('gives the last cue the rest of the video as its slot', () => {
    const plan = fitDub([{ startMs: 0, endMs: 1000, text: 'x' }], [2600], { videoDurationMs: 1000 });
    expect(plan.lines).toEqual([{ startMs: 0, endMs: 2000, atempo: 1.3, speechMs: 2600 }]);
    expect(plan.segments).toEqual([
      { sourceStartMs: 0, sourceEndMs: 1000, outputStartMs: 0, outputEndMs: 2000, stretch: 2 },
    ]);
  });

  it('meets the goals on any plan: each line starts on its cue and ends before the next, tempo within bounds', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 200; run += 1) {
      let at = Math.floor(random() * 2000);
      const list = Array.from({ length: 1 + Math.floor(random() * 12) }, (_, i) => {
        const cue = { startMs: at, endMs: at + 300 + Math.floor(random() * 4000), text: `${i}` };
        at = cue.endMs + Math.floor(random() * 1500);
        return cue;
      });
      const speech = list.map(() => Math.floor(random() * 9000));
      const plan = fitDub(list, speech, { videoDurationMs: at + 500 });
      plan.lines.forEach((line, i) => {
        expect(Math.abs(line.startMs - toOutputMs(plan.segments, list[i]!.startMs))).toBeLessThanOrEqual(50);
        expect(line.endMs).toBeLessThanOrEqual(plan.lines[i + 1]?.startMs ?? plan.durationMs);
        expect(line.atempo).toBeGreaterThanOrEqual(1);
        expect(line.atempo).toBeLessThanOrEqual(DUB_MAX_ATEMPO);
        expect(line.endMs - line.startMs).toBeCloseTo(line.speechMs / line.atempo, 6);
      });
      for (const segment of plan.segments) {
        expect(segment.outputEndMs - segment.outputStartMs).toBeCloseTo(
          (segment.sourceEndMs - segment.sourceStartMs) * segment.stretch,
          6,
        );
      }
    }
  });

  it('refuses cues out of order or starting together, in Chinese', () => {
    const overlapping = [cues[0]!, { ...cues[1]!, startMs: 1000 }];
    expect(() => fitDub(overlapping, [1, 1], { videoDurationMs })).toThrow(
      new SubtitleError('第 1 条字幕与下一条开始时间重叠，请调整后重试'),
    );
    expect(() => fitDub(cues, [1, 1, 1], { videoDurationMs: 8000 })).toThrow('第 3 条字幕开始于视频结束之后');
    expect(() => fitDub(cues, [1], { videoDurationMs })).toThrow('one synthesised duration per cue');
  });
});
