/**
 * The graphs run by real ffmpeg through the launcher on inputs the tests make themselves: wrapped Chinese burned in
 * stays inside the safe area (and is as wide as the font's metrics said), the original is ducked under a line that
 * starts on time, and a dubbed, retimed, blurred and subtitled render is valid and at the loudness target.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { translateConfigSchema } from '@cc/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { runFfmpegProcess } from '../../../providers/media/ffmpeg-process.js';
import { probeVideo } from '../../../providers/media/probe.js';
import { encodeArgs } from '../video/encode.js';
import { subtitleLayout, writeAss } from './ass-write.js';
import { dubTrackFilter, duckAndMixFilter, LOUDNESS_TARGET, parseLoudnessMeasurement } from './audio-graph.js';
import { fitDub } from './dub-fit.js';
import { subtitleFontMeasurer } from './font-metrics.js';
import { safeArea } from './line-break.js';
import { translateLoudnessGraph, translateRenderGraph } from './render-graph.js';
import { assPlainText } from './subtitle-files.js';
import { speakBuiltin } from '../../../providers/ai/builtin-voice.js';
import { trimSpeech } from './speech-trim.js';
import { burnSubtitlesFilter } from './video-graph.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-subtitles-'));
const file = (name: string) => path.join(dir, name);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ffmpeg = (args: string[]) =>
  runFfmpegProcess(['-v', 'error', '-y', ...args], { kind: 'render', composedFormats: ['lavfi'], mediaSeconds: 5 });

/** Samples of a raw mono float file. */
const samples = (name: string) => {
  const bytes = fs.readFileSync(file(name));
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
};
const rmsDb = (data: Float32Array, fromS: number, toS: number) => {
  const part = data.subarray(Math.round(fromS * 44_100), Math.round(toS * 44_100));
  return 10 * Math.log10(part.reduce((sum, x) => sum + x * x, 0) / part.length);
};

describe('burned-in subtitles (real ffmpeg)', { timeout: 30_000 }, () => {
  it('wraps a long Chinese line inside the safe area, as wide as the font says', async () => {
    const video = { width: 360, height: 640 };
    const config = translateConfigSchema.parse({ subtitle_type: 'single', font_size: 30, outline: 0, shadow: 0 });
    const text =
      '这是一句很长很长的中文字幕，没有空格可以换行，Debian 的 libass 不会自动折行，所以必须由我们自己按字体宽度断行。';
    fs.writeFileSync(file('wrap.ass'), writeAss([{ startMs: 0, endMs: 1000, text }], config, video));
    // White text on black, one grey byte per pixel.
    await ffmpeg([
      ...['-f', 'lavfi', '-i', `color=black:size=${video.width}x${video.height}:duration=0.5`],
      ...['-vf', `${burnSubtitlesFilter(file('wrap.ass'))},format=gray`, '-frames:v', '1'],
      ...['-f', 'rawvideo', file('wrap.gray')],
    ]);
    const frame = fs.readFileSync(file('wrap.gray'));
    let left = video.width;
    let right = -1;
    const rows = new Set<number>();
    for (let y = 0; y < video.height; y += 1) {
      for (let x = 0; x < video.width; x += 1) {
        if (frame[y * video.width + x]! < 128) continue;
        left = Math.min(left, x);
        right = Math.max(right, x);
        rows.add(y);
      }
    }
    const safe = safeArea(video);
    expect(rows.size).toBeGreaterThan(0);
    expect(left).toBeGreaterThanOrEqual(safe.left);
    expect(right).toBeLessThan(video.width - safe.right);
    // Two lines or more were drawn, and nothing touches the frame's edges.
    const [style] = subtitleLayout(config, video).styles;
    expect(Math.max(...rows) - Math.min(...rows)).toBeGreaterThan(style!.fontsize);
    for (let y = 0; y < video.height; y += 1) {
      expect(frame[y * video.width]).toBeLessThan(128);
      expect(frame[y * video.width + video.width - 1]).toBeLessThan(128);
    }
    // The widest line drawn is as wide as fontkit measured it (ink sits a few pixels inside the advance).
    const ass = fs.readFileSync(file('wrap.ass'), 'utf8');
    const event = ass.split('\n').find((line) => line.startsWith('Dialogue:'))!;
    const lines = event.split(',').slice(9).join(',').split('\\N').map(assPlainText);
    expect(lines.length).toBeGreaterThan(1);
    const measure = subtitleFontMeasurer(config.font, false);
    const measured = Math.max(...lines.map((line) => measure.width(line, style!.fontsize)));
    expect(right - left + 1).toBeLessThanOrEqual(measured + 1);
    expect(right - left + 1).toBeGreaterThan(measured - 8);
  });
});

describe('dubbed sound (real ffmpeg)', { timeout: 30_000 }, () => {
  it('ducks the original under a line that starts on its cue', async () => {
    // The original: a steady 300 Hz tone. The line: 3 kHz at about −15 dBFS, as loud as speech, at 1.0 s for 0.8 s.
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=300:duration=3,volume=2', '-c:a', 'aac', file('orig.m4a')]);
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=3000:duration=0.8,volume=2', '-c:a', 'aac', file('line.m4a')]);
    const graph = [
      dubTrackFilter([{ input: '[1:a]', startMs: 1000, endMs: 1800, atempo: 1 }], 3000),
      duckAndMixFilter('[0:a]', '[dub]', '[mixed]'),
      '[mixed]asplit=2[m1][m2]',
      // The original's tone and the line's, apart again.
      '[m1]lowpass=f=600,lowpass=f=600,pan=mono|c0=c0[low]',
      '[m2]highpass=f=1500,highpass=f=1500,pan=mono|c0=c0[high]',
    ].join(';');
    await ffmpeg([
      ...['-i', file('orig.m4a'), '-i', file('line.m4a'), '-filter_complex', graph],
      ...['-map', '[low]', '-f', 'f32le', '-ar', '44100', file('low.raw')],
      ...['-map', '[high]', '-f', 'f32le', '-ar', '44100', file('high.raw')],
    ]);
    const low = samples('low.raw');
    const high = samples('high.raw');
    const before = rmsDb(low, 0.2, 0.9);
    const under = rmsDb(low, 1.3, 1.7);
    expect(before - under).toBeGreaterThan(10);
    // Back to its level once the line is over (the release is 0.4 s).
    expect(Math.abs(rmsDb(low, 2.5, 2.9) - before)).toBeLessThan(1.5);
    const onset = high.findIndex((x) => Math.abs(x) > 0.05) / 44_100;
    expect(Math.abs(onset - 1.0)).toBeLessThan(0.05);
  });

  it('renders a dubbed, retimed, blurred and subtitled video at the loudness target', async () => {
    const source = file('source.mp4');
    await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=3'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=300:duration=3,volume=0.05'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', source],
    ]);
    // A line too long for its slot (2 s of speech for 1.2 s): sped up 1.3× and the picture slowed for the rest.
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=900:duration=2,volume=0.2', '-c:a', 'aac', file('l1.m4a')]);
    await ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=600:duration=0.8,volume=0.2', '-c:a', 'aac', file('l2.m4a')]);
    const probe = await probeVideo(source);
    const cues = [
      { startMs: 300, endMs: 1300, text: '第一句很长的台词', original: 'The first, long line' },
      { startMs: 1500, endMs: 2500, text: '第二句', original: 'The second' },
    ];
    const plan = fitDub(cues, [2000, 800], { videoDurationMs: 3000 });
    expect(plan.lines[0]!.atempo).toBe(1.3);
    expect(plan.segments.some((segment) => segment.stretch > 1)).toBe(true);
    fs.writeFileSync(file('dub.ass'), writeAss(plan.cues, translateConfigSchema.parse({}), probe));
    const input = {
      source: probe,
      assFile: file('dub.ass'),
      blurBand: { topPercent: 75, heightPercent: 15 },
      dub: { plan, lineInputs: ['[1:a]', '[2:a]'] },
    };
    const inputs = ['-i', source, '-i', file('l1.m4a'), '-i', file('l2.m4a')];
    const measuring = await runFfmpegProcess(
      ['-y', ...inputs, '-filter_complex', translateLoudnessGraph(input)!, '-map', '[aout]', '-f', 'null', '-'],
      { kind: 'render', mediaSeconds: 5 },
    );
    const loudness = parseLoudnessMeasurement(measuring.stderrTail);
    expect(loudness).not.toBeNull();
    const graph = translateRenderGraph({ ...input, dub: { ...input.dub, loudness: loudness! } });
    const output = file('dubbed.mp4');
    await ffmpeg([
      ...inputs,
      ...['-filter_complex', graph.filterComplex, '-map', graph.videoOut, '-map', graph.audioOut!],
      ...encodeArgs({ hasAudio: true, preset: 'ultrafast' }),
      output,
    ]);
    const result = await probeVideo(output);
    expect(result).toMatchObject({ width: 320, height: 240, videoCodec: 'h264', audioCodec: 'aac' });
    expect(Math.abs(result.duration - plan.durationMs / 1000)).toBeLessThan(0.15);
    // The output's integrated loudness, measured again, is within 1 LU of the target.
    const check = await runFfmpegProcess(['-i', output, '-af', 'ebur128', '-f', 'null', '-'], {
      kind: 'render',
      mediaSeconds: 5,
    });
    const integrated = Number(/I:\s+(-?[\d.]+) LUFS\s+Threshold/.exec(check.stderrTail.split('Summary:').at(-1)!)?.[1]);
    expect(Math.abs(integrated - LOUDNESS_TARGET.integrated)).toBeLessThanOrEqual(1);
  });
});

describe('synthesised lines trimmed (real espeak-ng and ffmpeg)', { timeout: 30_000 }, () => {
  /** Seconds before the first sample louder than -50 dBFS, and after the last one. */
  const edges = (name: string) => {
    const data = samples(name);
    const loud = (x: number) => Math.abs(x) > 10 ** (-50 / 20);
    const first = data.findIndex(loud);
    const last = data.length - 1 - [...data].reverse().findIndex(loud);
    return { lead: first / 44_100, tail: (data.length - 1 - last) / 44_100, seconds: data.length / 44_100 };
  };
  const raw = (input: string, out: string) =>
    runFfmpegProcess(['-v', 'error', '-y', '-i', input, '-ac', '1', '-ar', '44100', '-f', 'f32le', file(out)], {
      kind: 'render',
      audioInputs: true,
      mediaSeconds: 5,
    });

  it('cuts the pause a voice puts before the words (espeak pauses on a bracket), keeping 20 ms', async () => {
    await speakBuiltin({ text: '[fake] hello world.', voice: 'espeak:en', format: 'wav', out: file('said.wav') });
    await raw(file('said.wav'), 'said.f32');
    const before = edges('said.f32');
    expect(before.lead).toBeGreaterThan(0.08);

    await trimSpeech(file('said.wav'), file('trimmed.wav'));
    await raw(file('trimmed.wav'), 'trimmed.f32');
    const after = edges('trimmed.f32');
    expect(after.lead).toBeLessThan(0.03);
    expect(after.tail).toBeLessThan(0.05);
    // Only silence went: the words last as long as before.
    expect(after.seconds).toBeGreaterThan(before.seconds - before.lead - before.tail - 0.01);
    expect(after.seconds).toBeLessThan(before.seconds - before.lead + 0.03);
  });

  it('keeps a line that is silence throughout as it came', async () => {
    await ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=22050:cl=mono', '-t', '0.5', file('quiet.wav')]);
    await trimSpeech(file('quiet.wav'), file('quiet-trimmed.wav'));
    expect(fs.readFileSync(file('quiet-trimmed.wav'))).toEqual(fs.readFileSync(file('quiet.wav')));
  });
});
