import os from 'node:os';
import path from 'node:path';
import { CUT_TYPES } from '@cc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from '../../../../test/processes.js';
import { FfmpegAbortedError, onMediaProcessStart } from '../../../providers/media/ffmpeg-process.js';
import { probeVideo, type VideoProbe } from '../../../providers/media/probe.js';
import { analyzeVideo } from './analyze.js';
import { planMixcut, type PlanSource } from './plan.js';
import { renderTimeline, timelineSize, wrapWatermark } from './render-timeline.js';
import { clip } from './video-fixtures.js';

const out = (name: string) => path.join(os.tmpdir(), `cc-timeline-${process.pid}-${name}.mp4`);

describe('timeline helpers (pure)', () => {
  it('wraps Chinese watermarks by width, Latin characters counting half', () => {
    expect(wrapWatermark('霸道总裁爱上我第一集独家', 8)).toBe('霸道总裁爱上我第\n一集独家');
    expect(wrapWatermark('abcdefghijklmnop', 4)).toBe('abcdefgh\nijklmnop');
  });

  it("keeps the first clip's aspect with the long side at most 1280, even", () => {
    expect(timelineSize({ width: 1920, height: 1080 })).toEqual({ width: 1280, height: 720 });
    expect(timelineSize({ width: 1080, height: 1920 })).toEqual({ width: 720, height: 1280 });
    expect(timelineSize({ width: 321, height: 241 })).toEqual({ width: 322, height: 242 });
  });
});

describe('mixed cut with real ffmpeg: every cut type renders inside its bucket', () => {
  const files = [
    clip('testsrc2', 40),
    clip('mandelbrot', 40, { frequency: 660 }),
    clip('life', 40, { frequency: 880 }),
  ];
  const sources: PlanSource[] = [];
  const probes = new Map<number, { file: string; probe: VideoProbe }>();

  beforeAll(async () => {
    for (const [i, file] of files.entries()) {
      sources.push({ mediaId: i + 1, analysis: await analyzeVideo(file) });
      probes.set(i + 1, { file, probe: await probeVideo(file) });
    }
  }, 60_000);

  it.each(CUT_TYPES)(
    '%s: 60–90 s with picture and sound',
    async (cutType) => {
      const plan = planMixcut(sources, { cut_duration: 90, cut_type: cutType, script_count: 1 }, 7);
      const script = plan.scripts[0]!;
      expect(script.duration).toBeGreaterThanOrEqual(60);
      expect(script.duration).toBeLessThanOrEqual(90);
      const clips = script.clips.map((c) => ({ ...probes.get(c.media_id)!, start: c.start, end: c.end }));
      const { duration } = await renderTimeline({ clips, output: out(cutType), preset: 'ultrafast' });
      const result = await probeVideo(out(cutType));
      expect(result.videoCodec).toBe('h264');
      expect(result.audioCodec).toBe('aac');
      expect(Math.abs(result.duration - script.duration)).toBeLessThan(0.3);
      expect(Math.abs(duration - script.duration)).toBeLessThan(0.01);
    },
    60_000,
  );

  it("draws a watermark with % : ' \\ and Chinese literally, and applies de-dup to the result", async () => {
    const first = probes.get(1)!;
    const { duration } = await renderTimeline({
      clips: [{ ...first, start: 1, end: 4 }],
      output: out('watermark'),
      preset: 'ultrafast',
      watermark: "100% 独家:'\\ 霸道总裁",
      dedup: { options: ['speed', 'mirror'], seed: 3 },
    });
    expect(duration).toBeLessThan(3);
    expect((await probeVideo(out('watermark'))).duration).toBeCloseTo(duration, 0);
  });

  it('stops ffmpeg when cancelled', async () => {
    const controller = new AbortController();
    const first = probes.get(1)!;
    const pids: number[] = [];
    const unwatch = onMediaProcessStart(({ pid, args }) => args.includes(out('cancelled')) && pids.push(pid));
    const run = renderTimeline({
      clips: [{ ...first, start: 0, end: 40 }],
      output: out('cancelled'),
      preset: 'ultrafast',
      signal: controller.signal,
      onProgress: (f) => f > 0 && controller.abort(),
    });
    await expect(run).rejects.toBeInstanceOf(FfmpegAbortedError);
    unwatch();
    // The render this test started (by its pid, never by name) is gone.
    expect(pids).toHaveLength(1);
    expect(pids.filter(processAlive)).toEqual([]);
  });
});
