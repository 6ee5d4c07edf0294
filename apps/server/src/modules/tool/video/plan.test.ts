import { CUT_TYPES } from '@cc/contracts';
import { describe, expect, it } from 'vitest';
import { scoreSeconds, type MediaAnalysis } from './analyze.js';
import {
  checkTimeline,
  fillBucket,
  mixcutShortfall,
  planMixcut,
  repeatedSeconds,
  usableSeconds,
  type PlanSource,
} from './plan.js';
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

const LOUD: [number, number][] = [
  [30, 45],
  [90, 105],
  [150, 165],
];
const inLoud = (t: number) => LOUD.some(([from, to]) => t >= from && t < to);

/**
 * Analysis of a 180 s source built like a real one: the three LOUD scenes are loud and fast-moving with a cut about
 * every second (the action of a drama), the rest quiet and slowly changing with a cut every 8–12 s, where stretches
 * of `frozenShare` of each quiet shot read as frozen.
 */
function scenes(mediaId: number, seed: number, { frozenShare = 0, blackFrom = Infinity } = {}): PlanSource {
  const r = seededRandom(seed);
  const seconds = 180;
  const cuts: number[] = [];
  let t = 0;
  while (t < seconds) {
    const next = t + (inLoud(t) ? r.between(0.6, 1.4) : r.between(8, 12));
    // A scene change is a cut.
    const edge = [...LOUD.flat(), blackFrom].find((edge) => edge > t && edge < next);
    t = edge ?? next;
    if (t < seconds) cuts.push(Math.round(t * 100) / 100);
  }
  const motion = Array.from({ length: seconds }, (_, i) => (inLoud(i) ? r.between(18, 30) : r.between(0.5, 2)));
  const loudness = Array.from({ length: seconds }, (_, i) => (inLoud(i) ? r.between(-16, -12) : r.between(-32, -26)));
  const speech = Array.from({ length: seconds }, (_, i) => (inLoud(i) || r.next() < 0.4 ? 1 : 0));
  const dead = Array.from({ length: seconds }, (_, i) => (!inLoud(i) && r.next() < frozenShare ? 1 : 0));
  const black = Array.from({ length: seconds }, (_, i) => (i >= blackFrom ? 1 : 0));
  for (let i = blackFrom; i < seconds; i += 1) dead[i] = 1;
  const hashes = Array.from({ length: seconds * 2 }, () =>
    Math.floor(r.next() * 2 ** 32)
      .toString(16)
      .padStart(16, '0'),
  );
  const base = { cuts, motion, loudness, speech, dead, black };
  return {
    mediaId,
    analysis: { version: 2, duration: seconds, ...base, score: scoreSeconds(base), hashes },
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
    // All 6 minutes are usable: a third of it is the 120–150 s bucket; with less, the 60–90 s one.
    expect(plan.usable).toBe(360);
    expect(plan.range).toEqual({ min: 120, max: 150 });
    expect(
      planMixcut(sources.slice(0, 2), { cut_duration: 'auto', cut_type: 'golden_clips', script_count: 1 }, 9).range,
    ).toEqual({ min: 60, max: 90 });
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

describe('planMixcut prefers the loud, fast-moving scenes', () => {
  it.each(CUT_TYPES)('%s: a 90 s cut of 180 s takes the three loud scenes first, for every seed', (cutType) => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const source = scenes(1, seed, { frozenShare: 0.2 });
      const script = planMixcut([source], { cut_duration: 90, cut_type: cutType, script_count: 1 }, seed).scripts[0]!;
      expect(script.duration).toBeGreaterThanOrEqual(60);
      expect(script.duration).toBeLessThanOrEqual(90);
      let covered = 0;
      for (const clip of script.clips) {
        let loud = 0;
        for (let t = Math.ceil(clip.start); t < clip.end; t += 1) if (inLoud(t)) loud += 1;
        covered += loud;
        // A clip of the loud scenes says why, with its figures; one of the quiet rest claims nothing of the kind.
        const share = loud / (clip.end - clip.start);
        if (share >= 0.7) expect(clip.reason).toMatch(/^(开场钩子：|高潮前置：)?响度高于平均 \d+ dB，画面变化剧烈/);
        if (loud === 0) expect(clip.reason, JSON.stringify(clip)).not.toMatch(/响度高于平均|画面变化剧烈/);
      }
      // All 45 loud seconds but the odd second a shot boundary leaves out.
      expect(covered, `seed ${seed}`).toBeGreaterThanOrEqual(42);
    }
  });

  it('fills the bucket with the slowly changing rest when the good material is short, and marks the fillers', () => {
    // Nearly every quiet second reads as frozen: only the 45 loud seconds are good material.
    const source = scenes(1, 7, { frozenShare: 0.9 });
    for (const cutDuration of [90, 150] as const) {
      const plan = planMixcut([source], { cut_duration: cutDuration, cut_type: 'high_cut', script_count: 2 }, 3);
      expect(plan.scripts).toHaveLength(2);
      for (const script of plan.scripts) {
        expect(script.duration).toBeGreaterThanOrEqual(plan.range.min);
        expect(script.duration).toBeLessThanOrEqual(plan.range.max);
        const fillers = script.clips.filter((c) => c.reason?.startsWith('补足时长'));
        expect(fillers.length).toBeGreaterThan(0);
        for (const filler of fillers) expect(inLoud(filler.start + 0.5)).toBe(false);
      }
    }
  });

  it('never uses black picture; refuses a bucket the usable material cannot reach, with the figures', () => {
    // Black from 80 s on: 80 s of material, 45 of it loud.
    const source = scenes(1, 8, { blackFrom: 80 });
    const usable = usableSeconds([source]);
    expect(usable).toBeGreaterThan(70);
    expect(usable).toBeLessThanOrEqual(80);
    expect(mixcutShortfall(usable, 90)).toBeNull();
    expect(mixcutShortfall(usable, 150)).toBe(
      `素材可用时长约 ${usable} 秒，不足以剪出 120~150 秒的成片，请添加素材或选择"自动"`,
    );
    expect(mixcutShortfall(45.8, 90)).toBe('素材可用时长约 45 秒，不足以剪出 60~90 秒的成片，请添加素材或选择"自动"');
    expect(mixcutShortfall(usable, 'auto')).toBeNull();
    const plan = planMixcut([source], { cut_duration: 90, cut_type: 'golden_clips', script_count: 1 }, 2);
    for (const clip of plan.scripts[0]!.clips) expect(clip.end).toBeLessThanOrEqual(80.5);
  });

  it('auto fits the bucket to material shorter than 60 s instead of refusing', () => {
    const short = scenes(1, 9, { blackFrom: 50 });
    const plan = planMixcut([short], { cut_duration: 'auto', cut_type: 'high_cut', script_count: 1 }, 1);
    expect(plan.usable).toBeLessThan(60);
    expect(plan.range).toEqual({ min: Math.floor(plan.usable / 2), max: 90 });
    expect(plan.scripts[0]!.duration).toBeGreaterThanOrEqual(plan.range.min);
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
