import os from 'node:os';
import path from 'node:path';
import { CUT_TYPES } from '@cc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { processAlive } from '../../../../test/processes.js';
import { FfmpegAbortedError, onMediaProcessStart } from '../../../providers/media/ffmpeg-process.js';
import { probeVideo, type VideoProbe } from '../../../providers/media/probe.js';
import { analyzeVideo } from './analyze.js';
import { planMixcut, type PlanSource } from './plan.js';
import { execFileSync } from 'node:child_process';
import {
  cjkFontFile,
  renderTimeline,
  timelineArgs,
  timelineSize,
  wrapWatermark,
  type TimelineInput,
} from './render-timeline.js';
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

describe('timeline command (pure): the watermark is the last filter of every output', () => {
  const probe: VideoProbe = {
    duration: 10,
    width: 640,
    height: 360,
    fps: 25,
    hasAudio: true,
    videoCodec: 'h264',
    audioCodec: 'aac',
  } as VideoProbe;
  const input: TimelineInput = {
    clips: [
      { file: '/m/a.mp4', probe, start: 1, end: 3 },
      { file: '/m/b.mp4', probe: { ...probe, hasAudio: false }, start: 0, end: 2.5 },
    ],
    output: '/o/out.mp4',
    preset: 'ultrafast',
  };
  const font = cjkFontFile();
  const drawtext =
    "drawtext=textfile='/t/wm.txt':expansion=none" +
    (font ? `:fontfile='${font}'` : '') +
    ':fontsize=23:fontcolor=white@0.75:borderw=2:bordercolor=black@0.5:line_spacing=6:x=w-tw-21:y=18[vout]';
  const clipChains =
    '[0:v]scale=640:360:force_original_aspect_ratio=decrease,pad=640:360:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30,' +
    'format=yuv420p,trim=duration=2.000,setpts=PTS-STARTPTS[v0];' +
    '[0:a]aresample=44100,aformat=sample_fmts=fltp:channel_layouts=stereo,atrim=duration=2.000,asetpts=PTS-STARTPTS,' +
    'apad=whole_dur=2.000[a0];' +
    '[1:v]scale=640:360:force_original_aspect_ratio=decrease,pad=640:360:(ow-iw)/2:(oh-ih)/2,setsar=1,fps=30,' +
    'format=yuv420p,trim=duration=2.500,setpts=PTS-STARTPTS[v1];' +
    'anullsrc=r=44100:cl=stereo,atrim=duration=2.500[a1];' +
    '[v0][a0][v1][a1]concat=n=2:v=1:a=1[cv][ca]';
  const tail = (seconds: string) => [
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '21', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k', '-ar', '44100', '-ac', '2'],
    ...['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'],
    ...['-flags:v', '+bitexact', '-flags:a', '+bitexact', '-movflags', '+faststart'],
    ...['-t', seconds, '/o/out.mp4'],
  ];
  const inputs = [
    ...['-y', '-ss', '1.000', '-t', '2.500', '-i', '/m/a.mp4'],
    ...['-ss', '0.000', '-t', '3.000', '-i', '/m/b.mp4'],
  ];

  it('draws the watermark after 翻转 and 镜像叠加, never under them', () => {
    const { args } = timelineArgs({ ...input, dedup: { options: ['flip', 'mirror'], seed: 3 } }, '/t/wm.txt');
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    const chains = graph.split(';');
    const dedupChains = chains.slice(clipChains.split(';').length, -1);
    expect(dedupChains[0]).toBe('[cv]scale=640:360,setsar=1[dv0]');
    expect(dedupChains.slice(1, -2).join(';')).toMatch(/^\[dv0\]hflip\[dv1\];\[dv1\]split=2.*hflip.*blend=.*\[dv2\]$/);
    expect(dedupChains.at(-2)).toBe('[dv2]format=yuv420p[dv]');
    expect(dedupChains.at(-1)).toBe('[ca]aresample=44100[aout]');
    expect(chains.at(-1)).toBe(`[dv]${drawtext}`);
    expect(args).toEqual([
      ...inputs,
      ...['-filter_complex', graph, '-map', '[vout]', '-map', '[aout]'],
      ...tail('4.500'),
    ]);
    expect(graph.startsWith(`${clipChains};`)).toBe(true);
  });

  it('without de-dup the watermark still ends the picture, and without a watermark nothing is drawn', () => {
    const marked = timelineArgs(input, '/t/wm.txt').args;
    expect(marked).toEqual([
      ...inputs,
      ...['-filter_complex', `${clipChains};[ca]anull[aout];[cv]${drawtext}`, '-map', '[vout]', '-map', '[aout]'],
      ...tail('4.500'),
    ]);
    const bare = timelineArgs(input, null).args;
    expect(bare).toEqual([
      ...inputs,
      ...['-filter_complex', `${clipChains};[ca]anull[aout];[cv]null[vout]`, '-map', '[vout]', '-map', '[aout]'],
      ...tail('4.500'),
    ]);
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

  it('a rendered frame shows the watermark unmirrored, at the top right, after 翻转 and 镜像叠加', async () => {
    const first = probes.get(1)!;
    const render = async (name: string, watermark?: string) => {
      await renderTimeline({
        clips: [{ ...first, start: 1, end: 3 }],
        output: out(name),
        preset: 'ultrafast',
        ...(watermark && { watermark }),
        dedup: { options: ['flip', 'mirror'], seed: 5 },
      });
      // One grey frame at 1 s, 320×240 bytes.
      return execFileSync('ffmpeg', [
        ...['-v', 'error', '-ss', '1', '-i', out(name), '-frames:v', '1'],
        ...['-vf', 'scale=320:240,format=gray', '-f', 'rawvideo', '-'],
      ]);
    };
    const bare = await render('flip-bare');
    const marked = await render('flip-marked', '独家水印ABC');
    let left = 0;
    let right = 0;
    for (let i = 0; i < bare.length; i += 1) {
      if (Math.abs(bare[i]! - marked[i]!) < 40) continue;
      if (i % 320 < 160) left += 1;
      else right += 1;
    }
    // The text is drawn on the finished picture at the top right; a mirrored one would show up at the left too.
    expect(right).toBeGreaterThan(200);
    expect(left).toBeLessThan(right / 20);
  }, 60_000);

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
