/**
 * The video engine against bare ffmpeg on the same 60 s 1280×720 clip (BENCH_VIDEO_SECONDS), in the same run:
 * (1) a de-duplicated render through our code (graph building, runner, progress) against the bare ffmpeg command
 * with the identical arguments — ratio bare/ours, goal ≥ 0.95; (2) the one-pass analysis against a bare decode of
 * the file (`ffmpeg -i in -f null -`) — ratio goal ≥ 0.8 (analysis costs little more than reading the video). Each
 * pair runs alternately, best of BENCH_VIDEO_RUNS; also printed as × realtime with the machine's core count.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dedupArgs, renderDedup } from '../apps/server/src/modules/tool/video/dedup.js';
import { analyzeVideo } from '../apps/server/src/modules/tool/video/analyze.js';
import { probeVideo } from '../apps/server/src/providers/media/probe.js';

const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 60);
const RUNS = Number(process.env.BENCH_VIDEO_RUNS ?? 2);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-video-'));
const source = path.join(dir, 'source.mp4');
execFileSync('ffmpeg', [
  ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=30,format=yuv420p`],
  ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', String(SECONDS)],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', source],
]);
const probe = await probeVideo(source);

async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

function bareFfmpeg(args: string[]): void {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', ...args]);
  if (result.status !== 0) throw new Error(`bare ffmpeg failed: ${result.stderr.toString().slice(-400)}`);
}

function line(label: string, seconds: number): string {
  return `  ${label.padEnd(52)} ${seconds.toFixed(2).padStart(7)} s  ${(SECONDS / seconds).toFixed(1).padStart(6)}× realtime`;
}

const options = ['common', 'pip', 'speed'] as const;
const bareOut = path.join(dir, 'bare.mp4');
const oursOut = path.join(dir, 'ours.mp4');
const { args } = dedupArgs({ source, sourceProbe: probe, output: bareOut, options: [...options], seed: 1 });
let bareDedup = Infinity;
let oursDedup = Infinity;
let bareDecode = Infinity;
let oursAnalysis = Infinity;
for (let run = 0; run < RUNS; run += 1) {
  bareDedup = Math.min(bareDedup, await timed(() => bareFfmpeg(args)));
  oursDedup = Math.min(
    oursDedup,
    await timed(() =>
      renderDedup({
        source,
        sourceProbe: probe,
        output: oursOut,
        options: [...options],
        seed: 1,
        onProgress: () => undefined,
      }),
    ),
  );
  bareDecode = Math.min(bareDecode, await timed(() => bareFfmpeg(['-i', source, '-f', 'null', '-'])));
  oursAnalysis = Math.min(oursAnalysis, await timed(() => analyzeVideo(source, { onProgress: () => undefined })));
}

console.log(`video engine · ${SECONDS} s of 1280×720 30 fps · ${os.cpus().length} cores · best of ${RUNS}`);
console.log('de-duplication (common + pip + speed), same graph:');
console.log(line('baseline: bare ffmpeg command', bareDedup));
console.log(line('renderDedup (our graph, runner, progress)', oursDedup));
console.log(`  ratio bare/ours ${(bareDedup / oursDedup).toFixed(2)} (goal ≥ 0.95)`);
console.log('analysis for the mixed cut:');
console.log(line('baseline: bare decode (ffmpeg -i in -f null -)', bareDecode));
console.log(line('analyzeVideo (one pass: scdet, ebur128, silencedetect…)', oursAnalysis));
console.log(`  ratio decode/analysis ${(bareDecode / oursAnalysis).toFixed(2)} (goal ≥ 0.8)`);
fs.rmSync(dir, { recursive: true, force: true });
