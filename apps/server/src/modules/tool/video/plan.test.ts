import { CUT_TYPES } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { scoreSeconds, type MediaAnalysis } from './analyze.js';
import { checkTimeline, fillBucket, planMixcut, repeatedSeconds, type PlanSource } from './plan.js';
import { seededRandom } from './seeded-random.js';

/** A synthetic episode: shots every 3–5 s, a loud action peak at `peak`, distinct hashes per episode. */
function episode(
  mediaId: number,
  seconds: number,
  { peak = seconds / 2, seed = mediaId, prefix = [] as string[] } = {},
): PlanSource {
  const r = seededRandom(seed);
  const cuts: number[] = [];
  for (let t = r.between(3, 5); t < seconds; t += r.between(3, 5)) cuts.push(Math.round(t * 100) / 100);
  const motion = Array.from({ length: seconds }, (_, i) => (Math.abs(i - peak) < 4 ? 20 : r.between(1, 6)));
  const loudness = Array.from({ length: seconds }, (_, i) => (Math.abs(i - peak) < 4 ? -12 : r.between(-30, -22)));
  const speech = Array.from({ length: seconds }, () => (r.next() < 0.6 ? 1 : 0));
  const dead = new Array<number>(seconds).fill(0);
  const own = Array.from(
    { length: seconds * 2 },
    () =>
      Math.floor(r.next() * 2 ** 32)
        .toString(16)
        .padStart(8, '0') +
      Math.floor(r.next() * 2 ** 32)
        .toString(16)
        .padStart(8, '0'),
  );
  const hashes = [...prefix, ...own.slice(prefix.length)];
  const base = { cuts, motion, loudness, speech, dead };
  return {
    mediaId,
    analysis: { version: 1, duration: seconds, ...base, score: scoreSeconds(base), hashes } as MediaAnalysis,
  };
}

const total = (clips: { start: number; end: number }[]) => clips.reduce((s, c) => s + c.end - c.start, 0);

describe('fillBucket', () => {
  it('finds the best set inside the range where a greedy pick would overshoot', () => {
    const items = [
      { start: 0, end: 50, v: 60 },
      { start: 0, end: 30, v: 40 },
      { start: 0, end: 30, v: 40 },
    ];
    const chosen = fillBucket(items, (i) => i.v, 55, 60);
    expect(total(chosen)).toBe(60);
    expect(chosen.map((i) => i.v)).toEqual([40, 40]);
  });

  it('takes the best it can when the material is shorter than the range', () => {
    expect(
      total(
        fillBucket(
          [
            { start: 0, end: 10 },
            { start: 0, end: 5 },
          ],
          () => 1,
          60,
          90,
        ),
      ),
    ).toBe(15);
  });
});

describe('planMixcut', () => {
  const sources = [episode(1, 120, { peak: 80 }), episode(2, 120, { peak: 30 }), episode(3, 120, { peak: 60 })];

  it.each(CUT_TYPES)('%s: every script lies inside its bucket and scripts differ', (cutType) => {
    for (const [cutDuration, min, max] of [
      [90, 60, 90],
      [150, 120, 150],
    ] as const) {
      const plan = planMixcut(sources, { cut_duration: cutDuration, cut_type: cutType, script_count: 3 }, 42);
      expect(plan.range).toEqual({ min, max });
      expect(plan.scripts).toHaveLength(3);
      for (const script of plan.scripts) {
        expect(script.duration).toBeGreaterThanOrEqual(min);
        expect(script.duration).toBeLessThanOrEqual(max);
        for (const clip of script.clips) expect(clip.reason).toBeTruthy();
      }
      const keys = plan.scripts.map((s) => JSON.stringify(s.clips.map((c) => [c.media_id, c.start])));
      expect(new Set(keys).size).toBe(3);
    }
  });

  it('golden_three opens with the strongest 3 s; high_pre opens with the climax', () => {
    const three = planMixcut(sources, { cut_duration: 90, cut_type: 'golden_three', script_count: 1 }, 1).scripts[0]!;
    expect(three.clips[0]!.end - three.clips[0]!.start).toBe(3);
    expect(three.clips[0]!.reason).toMatch(/^开场钩子/);
    const pre = planMixcut(sources, { cut_duration: 90, cut_type: 'high_pre', script_count: 1 }, 1).scripts[0]!;
    expect(pre.clips[0]!.reason).toMatch(/^高潮前置/);
    expect(pre.clips[0]!.score).toBe(Math.max(...pre.clips.map((c) => c.score!)));
  });

  it('high_mixed takes clips from several episodes and alternates them', () => {
    const plan = planMixcut(sources, { cut_duration: 90, cut_type: 'high_mixed', script_count: 1 }, 5).scripts[0]!;
    expect(new Set(plan.clips.map((c) => c.media_id)).size).toBe(3);
    expect(plan.clips[0]!.media_id).not.toBe(plan.clips[1]!.media_id);
  });

  it('golden_clips keeps story order; auto picks the bucket from the material', () => {
    const plan = planMixcut(sources, { cut_duration: 'auto', cut_type: 'golden_clips', script_count: 1 }, 9);
    // About 6 minutes of usable material: a third of it is the 60–90 s bucket.
    expect(plan.range).toEqual({ min: 60, max: 90 });
    const order = plan.scripts[0]!.clips.map((c) => c.media_id * 1000 + c.start);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('leaves out a recap that repeats the previous episode', () => {
    const first = episode(1, 60, { seed: 11 });
    // Episode 2 opens with 10 s of episode 1's last 10 s.
    const recap = first.analysis.hashes.slice(100, 120);
    const second = episode(2, 60, { seed: 12, prefix: recap });
    const marks = repeatedSeconds([first, second]);
    expect([...marks[1]!].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([...marks[0]!].sort((a, b) => a - b)).toEqual([50, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
    const plan = planMixcut([first, second], { cut_duration: 90, cut_type: 'golden_clips', script_count: 1 }, 3);
    for (const clip of plan.scripts[0]!.clips.filter((c) => c.media_id === 2))
      expect(clip.start).toBeGreaterThanOrEqual(8);
  });
});

describe('checkTimeline', () => {
  const durations = new Map([[1, 30]]);
  it('accepts clips inside their media and refuses others in Chinese', () => {
    expect(checkTimeline([{ media_id: 1, start: 0, end: 30 }], durations)).toBeNull();
    expect(checkTimeline([{ media_id: 1, start: 20, end: 31 }], durations)).toMatch(/超出素材时长/);
    expect(checkTimeline([{ media_id: 2, start: 0, end: 3 }], durations)).toMatch(/不存在/);
    expect(
      checkTimeline(
        Array.from({ length: 21 }, () => ({ media_id: 1, start: 0, end: 30 })),
        durations,
      ),
    ).toMatch(/600/);
  });
});
