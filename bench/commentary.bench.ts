/**
 * 影视解说's mix measured on a rendered output, beside a baseline of the same run: a narration of
 * BENCH_COMMENTARY_LINES lines over a 720p episode with background music, rendered by `renderCommentary` (music
 * ducked under the voice by sidechain compression, two-pass loudness), against the bare ffmpeg mix of the same voice
 * and music without ducking (`amix`). The "voice" is a 1 kHz tone and the music a 200 Hz tone, so each can be measured
 * alone on the mixed output through a band-pass: the goal is the voice at least 10 dB above the music wherever both
 * sound, with the music still audible (above −60 dBFS in its band). Render time is printed beside the bare mix's.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  audioSeconds,
  LINE_PAUSE_SECONDS,
  renderCommentary,
} from '../apps/server/src/modules/tool/commentary/commentary-render.js';
import { probeVideo } from '../apps/server/src/providers/media/probe.js';

const LINES = Number(process.env.BENCH_COMMENTARY_LINES ?? 12);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-commentary-'));
const file = (name: string) => path.join(dir, name);
const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);

const episode = file('episode.mp4');
ffmpeg([
  ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30,format=yuv420p'],
  ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '60'],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', episode],
]);
ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=1000:sample_rate=44100,volume=0.3', '-t', '3', file('voice.wav')]);
ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=200:sample_rate=44100,volume=0.6', '-t', '30', file('music.wav')]);
const speechSeconds = await audioSeconds(file('voice.wav'));
const probe = await probeVideo(episode);
const lines = Array.from({ length: LINES }, (_, i) => ({
  text: i === 0 ? '开场钩子：这一集你绝对想不到' : `第${i + 1}句解说，镜头跟着解说走`,
  clips: [{ media_id: 1, start: (i * 4.5) % 55, end: ((i * 4.5) % 55) + 3.5 }],
  speechFile: file('voice.wav'),
  speechSeconds,
}));

const output = file('narrated.mp4');
const started = performance.now();
const { duration } = await renderCommentary({
  lines,
  sources: new Map([[1, { file: episode, probe }]]),
  music: file('music.wav'),
  subtitlePosY: 80,
  effects: null,
  output,
  workDir: dir,
});
const oursSeconds = (performance.now() - started) / 1000;

// The baseline: the same voice at the same places over the same (looped) music, mixed as they are.
const slot = speechSeconds + LINE_PAUSE_SECONDS;
const split = `[1:a]asplit=${lines.length}${lines.map((_, i) => `[s${i}]`).join('')}`;
const delays = lines.map((_, i) => `[s${i}]adelay=delays=${Math.round(i * slot * 1000)}:all=1[v${i}]`);
const bareStarted = performance.now();
const bare = spawnSync('ffmpeg', [
  ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', episode, '-i', file('voice.wav')],
  ...['-stream_loop', '-1', '-i', file('music.wav'), '-filter_complex'],
  [
    split,
    ...delays,
    `${lines.map((_, i) => `[v${i}]`).join('')}amix=inputs=${lines.length}:normalize=0[voice]`,
    `[2:a]atrim=end=${duration}[music]`,
    `[voice][music]amix=inputs=2:duration=longest:normalize=0,atrim=end=${duration}[a]`,
  ].join(';'),
  ...['-map', '0:v', '-map', '[a]', '-t', String(duration), '-c:v', 'libx264', '-preset', 'veryfast'],
  ...['-c:a', 'aac', file('bare.mp4')],
]);
if (bare.status !== 0) throw new Error(`bare ffmpeg failed: ${bare.stderr.toString().slice(-400)}`);
const bareSeconds = (performance.now() - bareStarted) / 1000;

/** The output's sound through a narrow band-pass around `frequency`, as mono float samples. */
function band(video: string, frequency: number): Float32Array {
  const out = file(`band-${path.basename(video)}-${frequency}.f32`);
  const filter = `bandpass=f=${frequency}:width_type=q:w=4,bandpass=f=${frequency}:width_type=q:w=4`;
  ffmpeg(['-i', video, '-vn', '-af', filter, '-ac', '1', '-ar', '44100', '-f', 'f32le', out]);
  const bytes = fs.readFileSync(out);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
}
const rmsDb = (data: Float32Array, fromS: number, toS: number) => {
  const part = data.subarray(Math.round(fromS * 44_100), Math.round(toS * 44_100));
  return 10 * Math.log10(part.reduce((sum, x) => sum + x * x, 0) / part.length);
};

/** The smallest voice-over-music gap inside the lines (past the compressor's attack) and the music's quietest level. */
function measure(video: string) {
  const voice = band(video, 1000);
  const music = band(video, 200);
  let gap = Infinity;
  let musicLevel = Infinity;
  for (let i = 0; i < lines.length; i += 1) {
    const from = i * slot + 0.3;
    const to = i * slot + speechSeconds - 0.2;
    gap = Math.min(gap, rmsDb(voice, from, to) - rmsDb(music, from, to));
    musicLevel = Math.min(musicLevel, rmsDb(music, from, to));
  }
  return { gap, musicLevel };
}

const ours = measure(output);
const baseline = measure(file('bare.mp4'));
console.log(
  `影视解说 · ${LINES} lines, ${duration.toFixed(1)} s of narration over 1280×720 · ${os.cpus().length} cores`,
);
console.log('voice over music where both sound (by band on the output), and the music under the voice:');
console.log(
  `  baseline: bare amix, no ducking               gap ${baseline.gap.toFixed(1).padStart(5)} dB   music ${baseline.musicLevel.toFixed(1)} dBFS   ${bareSeconds.toFixed(2)} s`,
);
console.log(
  `  ours: renderCommentary (sidechain, loudnorm)  gap ${ours.gap.toFixed(1).padStart(5)} dB   music ${ours.musicLevel.toFixed(1)} dBFS   ${oursSeconds.toFixed(2)} s`,
);
console.log(
  `  goal: gap ≥ 10 dB (${ours.gap >= 10 ? 'met' : 'NOT met'}), music still above −60 dBFS (${ours.musicLevel > -60 ? 'yes' : 'no'})`,
);
fs.rmSync(dir, { recursive: true, force: true });
