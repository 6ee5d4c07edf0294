/**
 * A narrated video rendered by real ffmpeg through the launcher, from a tiny generated episode, a generated music
 * track and lines whose "speech" is a 1 kHz tone: the output lasts the narration, has sound and the burned-in ASS,
 * and — measured on the output itself, by band — the voice is at least 10 dB above the music where both sound,
 * while the music still plays between lines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFfmpegProcess } from '../../../providers/media/ffmpeg-process.js';
import { probeVideo } from '../../../providers/media/probe.js';
import { clip } from '../video/video-fixtures.js';
import { audioSeconds, LINE_PAUSE_SECONDS, renderCommentary } from './commentary-render.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-commentary-'));
const file = (name: string) => path.join(dir, name);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ffmpeg = (args: string[]) =>
  runFfmpegProcess(['-v', 'error', '-y', ...args], {
    kind: 'render',
    composedFormats: ['lavfi'],
    audioInputs: true,
    mediaSeconds: 10,
  });

/** A tone of `seconds` at `frequency` Hz and amplitude `volume`, as WAV. */
async function tone(name: string, frequency: number, seconds: number, volume: number) {
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${frequency}:sample_rate=44100,volume=${volume}`,
    '-t',
    String(seconds),
    file(name),
  ]);
  return file(name);
}

/** The output's sound through a band-pass around `frequency`, as mono float samples. */
async function band(video: string, frequency: number): Promise<Float32Array> {
  const out = file(`band-${frequency}.f32`);
  await runFfmpegProcess(
    [
      '-v',
      'error',
      '-y',
      '-i',
      video,
      '-vn',
      '-af',
      `bandpass=f=${frequency}:width_type=q:w=4,bandpass=f=${frequency}:width_type=q:w=4`,
    ].concat(['-ac', '1', '-ar', '44100', '-f', 'f32le', out]),
    { kind: 'render', mediaSeconds: 10 },
  );
  const bytes = fs.readFileSync(out);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
}
const rmsDb = (data: Float32Array, fromS: number, toS: number) => {
  const part = data.subarray(Math.round(fromS * 44_100), Math.round(toS * 44_100));
  return 10 * Math.log10(part.reduce((sum, x) => sum + x * x, 0) / part.length);
};

describe('a narrated video (real ffmpeg)', { timeout: 120_000 }, () => {
  it('lasts the narration, burns the subtitles, and keeps the voice 10 dB over the ducked music', async () => {
    const episode = clip('testsrc2', 6, { size: '320x180' });
    const voice = await tone('voice.wav', 1000, 1.5, 0.3);
    const music = await tone('music.wav', 200, 2.5, 0.6);
    const output = file('narrated.mp4');
    const speechSeconds = await audioSeconds(voice);
    const lines = [
      { text: '开场钩子：这一集你绝对想不到', clips: [{ media_id: 1, start: 0, end: 2 }] },
      {
        text: '第二句解说',
        clips: [
          { media_id: 1, start: 3, end: 4 },
          { media_id: 1, start: 4.5, end: 5.5 },
        ],
      },
    ].map((line) => ({ ...line, speechFile: voice, speechSeconds }));
    const { duration, cues } = await renderCommentary({
      lines,
      sources: new Map([[1, { file: episode, probe: await probeVideo(episode) }]]),
      music,
      subtitlePosY: 80,
      effects: { seed: 7 },
      output,
      workDir: dir,
      preset: 'ultrafast',
    });
    const expected = 2 * (speechSeconds + LINE_PAUSE_SECONDS);
    expect(duration).toBeCloseTo(expected, 2);
    const rendered = await probeVideo(output);
    expect(rendered.hasAudio).toBe(true);
    expect(rendered.duration).toBeGreaterThan(expected - 0.15);
    expect(rendered.duration).toBeLessThan(expected + 0.15);
    expect(cues.map((c) => c.text)).toEqual(lines.map((l) => l.text));
    const ass = fs.readFileSync(file('narration-narrated.mp4.ass'), 'utf8');
    expect(ass).toContain('Dialogue: 0,0:00:00.00,0:00:01.50,Translation,,0,0,0,,开场钩子：这一集你绝对想不到');
    expect(ass).toMatch(/Style: Translation,Noto Sans CJK SC,\d+,.*,2,\d+,\d+,36,1/);

    const voiceBand = await band(output, 1000);
    const musicBand = await band(output, 200);
    const start2 = speechSeconds + LINE_PAUSE_SECONDS;
    // Inside each line, past the compressor's attack: both sound, the voice well above.
    for (const [from, to] of [
      [0.3, 1.3],
      [start2 + 0.3, start2 + 1.3],
    ] as const) {
      const gap = rmsDb(voiceBand, from, to) - rmsDb(musicBand, from, to);
      expect(gap).toBeGreaterThanOrEqual(10);
      expect(rmsDb(musicBand, from, to)).toBeGreaterThan(-60);
    }
  });
});
