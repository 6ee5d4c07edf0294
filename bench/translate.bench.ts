/**
 * 字幕翻译 measured, each figure beside its baseline in the same run:
 * (1) burn-in of a 60 s (BENCH_TRANSLATE_SECONDS) 1280×720 clip with a bilingual ASS through our graph and launcher
 *     against the bare ffmpeg command burning the same ASS file with the same encoder settings — ratio bare/ours,
 *     goal ≥ 0.9; best of BENCH_TRANSLATE_RUNS, alternating;
 * (2) a whole translation with dubbing through the product (review list, then the job: recognition, translation,
 *     speech, fitting, two-pass loudness, burn-in, outputs into the library) against the fake AI services in their
 *     own process (zero latency) — goal: under 2× the clip's length;
 * (3) on that job's output: every dubbed line's onset (silencedetect) within 50 ms of its cue in the output's ASS,
 *     each line ended before the next cue starts, and the integrated loudness (ebur128) within ±1 LU of the target.
 * The product runs in this process (its API through inject, its job workers), the fake services and every ffmpeg in
 * their own.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MEDIA_UPLOAD_PATH, TRANSLATE_DEFAULTS, type ToolJob, type TranslateConfig } from '@cc/contracts';
import { call, createTestApp, loginAs, nextPhone, VENDOR } from '../apps/server/test/test-app.js';
import { CreditRepository } from '../apps/server/src/modules/credit/credit.repository.js';
import { CreditService } from '../apps/server/src/modules/credit/credit.service.js';
import { TRANSLATION_STYLE, writeAss } from '../apps/server/src/modules/tool/subtitles/ass-write.js';
import { LOUDNESS_TARGET } from '../apps/server/src/modules/tool/subtitles/audio-graph.js';
import { translateRenderGraph } from '../apps/server/src/modules/tool/subtitles/render-graph.js';
import { burnSubtitlesFilter } from '../apps/server/src/modules/tool/subtitles/video-graph.js';
import { encodeArgs } from '../apps/server/src/modules/tool/video/encode.js';
import { runFfmpegProcess } from '../apps/server/src/providers/media/ffmpeg-process.js';
import { probeVideo } from '../apps/server/src/providers/media/probe.js';

const SECONDS = Number(process.env.BENCH_TRANSLATE_SECONDS ?? 60);
const RUNS = Number(process.env.BENCH_TRANSLATE_RUNS ?? 2);
const repoRoot = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-bench-translate-'));

const SENTENCES = [
  '今天天气很好。',
  '我们一起去公园吧！',
  '你好，世界。',
  '谢谢你一直陪着我。',
  '再见，我们明天见。',
  '我爱这个城市的夜晚。',
];
/** About one sentence every three seconds, as a drama's dialogue goes. */
const speech = Array.from({ length: Math.round(SECONDS / 3) }, (_, i) => SENTENCES[i % SENTENCES.length]).join('');

const ffmpeg = (args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const source = path.join(dir, 'source.mp4');
// Silence as the sound: what the output then carries is the dub alone, so its onsets can be measured. The words
// the fake recognition hears travel in the comment tag.
ffmpeg([
  ...['-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30,format=yuv420p'],
  ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo', '-t', String(SECONDS)],
  ...['-metadata', `comment=${speech}`, '-c:v', 'libx264', '-preset', 'veryfast', '-c:a', 'aac', source],
]);
const probe = await probeVideo(source);

async function timed(run: () => Promise<unknown> | unknown): Promise<number> {
  const started = performance.now();
  await run();
  return (performance.now() - started) / 1000;
}

function line(label: string, seconds: number): string {
  return `  ${label.padEnd(58)} ${seconds.toFixed(2).padStart(7)} s  ${(SECONDS / seconds).toFixed(2).padStart(6)}× realtime`;
}

// ---- (1) burn-in ------------------------------------------------------------------------------------------------
const config: TranslateConfig = {
  ...TRANSLATE_DEFAULTS,
  source_language: 'zh',
  target_language: 'en',
  subtitle_media_id: null,
  speech_voice: null,
  cover_band: null,
};
const sentences = speech.split(/(?<=[。！])/).filter(Boolean);
const cueMs = (SECONDS * 1000) / sentences.length;
const cues = sentences.map((text, i) => ({
  startMs: Math.round(i * cueMs),
  endMs: Math.round((i + 1) * cueMs - 200),
  text: `Line ${i + 1}: the translation of this sentence, long enough to wrap on a phone`,
  original: text,
}));
const assFile = path.join(dir, 'bilingual.ass');
fs.writeFileSync(assFile, writeAss(cues, config, probe));
const encode = encodeArgs({ hasAudio: true });
const bareOut = path.join(dir, 'bare.mp4');
const oursOut = path.join(dir, 'ours.mp4');

function bareBurn(): void {
  const result = spawnSync('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', '-i', source],
    ...['-vf', burnSubtitlesFilter(assFile), ...encode, bareOut],
  ]);
  if (result.status !== 0) throw new Error(`bare ffmpeg failed: ${result.stderr.toString().slice(-400)}`);
}

async function oursBurn(): Promise<void> {
  const graph = translateRenderGraph({ source: probe, assFile });
  await runFfmpegProcess(
    [
      ...['-y', '-v', 'error', '-i', source, '-filter_complex', graph.filterComplex, '-map', graph.videoOut],
      ...(graph.audioOut ? ['-map', graph.audioOut] : []),
      ...encode,
      oursOut,
    ],
    { kind: 'render', mediaSeconds: SECONDS, onProgress: () => undefined },
  );
}

let bare = Infinity;
let ours = Infinity;
for (let run = 0; run < RUNS; run += 1) {
  bare = Math.min(bare, await timed(bareBurn));
  ours = Math.min(ours, await timed(oursBurn));
}

// ---- (2) a whole translation with dubbing ----------------------------------------------------------------------
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const fakePort = await freePort();
const fake = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/fake-ai-main.ts'], {
  cwd: repoRoot,
  env: { ...process.env, FAKE_AI_PORT: String(fakePort) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.on('exit', () => fake.kill('SIGKILL'));
await new Promise<void>((resolve, reject) => {
  fake.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('fake AI services') && resolve());
  fake.once('exit', (code) => reject(new Error(`the fake AI services exited with ${code}`)));
});
const baseUrl = `http://127.0.0.1:${fakePort}/v1`;
const env: Record<string, string> = { TTS_VOICES: 'fake-en:Ava' };
for (const service of ['LLM', 'ASR', 'TTS']) {
  env[`${service}_BASE_URL`] = baseUrl;
  env[`${service}_MODEL`] = `fake-${service.toLowerCase()}`;
}
const ctx = await createTestApp(env, { jobs: { pollMs: 20, leaseMs: 30_000 } });
await ctx.services.jobs.start();
const token: string = (await loginAs(ctx, nextPhone())).json.body.access_token;
const agentId = (await call(ctx.app, { method: 'GET', url: '/agent/v1/user/info', token })).json.body
  .agent_id as number;
await new CreditService(ctx.database, new CreditRepository(ctx.database.db), ctx.clock).grant(agentId, {
  kind: 2,
  amount: 10_000,
  title: '压测购买',
  key: `bench-${agentId}`,
});

async function until<T>(ask: () => Promise<T>, done: (value: T) => boolean, limitMs = 600_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await ask();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A tus upload in two requests, then the library's processing. */
async function upload(file: string): Promise<number> {
  const body = fs.readFileSync(file);
  const headers = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', vendor: VENDOR };
  const meta = (value: string) => Buffer.from(value).toString('base64');
  const created = await ctx.app.inject({
    method: 'POST',
    url: MEDIA_UPLOAD_PATH,
    headers: {
      ...headers,
      'upload-length': String(body.length),
      'upload-metadata': `filename ${meta(path.basename(file))},filetype ${meta('video/mp4')}`,
    },
  });
  if (created.statusCode !== 201) throw new Error(`upload refused: ${created.body}`);
  const patched = await ctx.app.inject({
    method: 'PATCH',
    url: new URL(created.headers.location as string, 'http://localhost').pathname,
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: body,
  });
  const id = Number(patched.headers['upload-media-id']);
  if (patched.statusCode !== 204 || !id) throw new Error(`upload failed: ${patched.statusCode} ${patched.body}`);
  await until(
    async () => (await ctx.services.media.describe(agentId, [id])).get(id)?.status,
    (status) => status === 'ready',
  );
  return id;
}

const step = (text: string) => process.stderr.write(`… ${text}\n`);
step('burn-in measured; uploading the clip to the product');
const mediaId = await upload(source);
step('review list and dubbed run');
const request = { media_id: mediaId, source_language: 'zh', target_language: 'en' };
let listSeconds = 0;
let jobSeconds = 0;
let job: ToolJob | null = null;
const totalSeconds = await timed(async () => {
  listSeconds = await timed(() =>
    until(
      async () => (await call(ctx.app, { url: '/ai/v1/translate/subtitles', token, body: request })).json.body,
      (list: { status: string }) => list.status !== 'working',
    ),
  );
  jobSeconds = await timed(async () => {
    const created = await call(ctx.app, {
      url: '/ai/v1/jobs',
      token,
      body: {
        tool: 'translate',
        media_ids: [mediaId],
        config: { source_language: 'zh', target_language: 'en', need_speech_translate: true },
      },
    });
    if (created.json.code !== 0) throw new Error(`run refused: ${created.json.msg}`);
    const id = created.json.body.job_id as string;
    job = await until(
      async () => (await call(ctx.app, { method: 'GET', url: `/ai/v1/jobs/${id}`, token })).json.body as ToolJob,
      (answer) => ['succeeded', 'failed', 'cancelled'].includes(answer.status),
    );
  });
});
const finished = job as ToolJob | null;
if (!finished || finished.status !== 'succeeded')
  throw new Error(`the translation did not succeed: ${finished?.error}`);

// ---- (3) the output measured -----------------------------------------------------------------------------------
const videoOut = finished.outputs.find((output) => !output.subtitle_format)!;
const assOut = finished.outputs.find((output) => output.subtitle_format === 'ass')!;
const local = (id: number, name: string) =>
  ctx.services.media.withLocalFile(agentId, id, async (file) => {
    const copy = path.join(dir, name);
    fs.copyFileSync(file, copy);
    return copy;
  });
const outputVideo = await local(videoOut.media_id, 'translated.mp4');
const outputAss = fs.readFileSync(await local(assOut.media_id, 'translated.ass'), 'utf8');

const clock = (text: string) => {
  const [h, m, s] = text.split(':').map(Number);
  return Math.round((h! * 3600 + m! * 60 + s!) * 1000);
};
const dialogue = outputAss
  .split('\n')
  .filter((row) => row.startsWith('Dialogue:') && row.split(',')[3] === TRANSLATION_STYLE)
  .map((row) => ({ startMs: clock(row.split(',')[1]!), endMs: clock(row.split(',')[2]!) }))
  .sort((a, b) => a.startMs - b.startMs);

const analysis = spawnSync('ffmpeg', [
  ...['-hide_banner', '-nostdin', '-i', outputVideo, '-map', '0:a'],
  ...['-af', 'silencedetect=n=-45dB:d=0.04,ebur128', '-f', 'null', '-'],
]).stderr.toString();
const onsets = [...analysis.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Math.round(Number(m[1]) * 1000));
const silences = [...analysis.matchAll(/silence_start: ([\d.]+)/g)].map((m) => Math.round(Number(m[1]) * 1000));
if (dialogue[0] && dialogue[0].startMs < 40) onsets.unshift(0);
const integrated = Number(/Summary:[\s\S]*?I:\s+(-?[\d.]+) LUFS/.exec(analysis)?.[1]);

let worstOnset = 0;
let late = 0;
let overrun = 0;
for (const [i, cue] of dialogue.entries()) {
  const onset = onsets.reduce((best, at) => (Math.abs(at - cue.startMs) < Math.abs(best - cue.startMs) ? at : best));
  const offset = Math.abs(onset - cue.startMs);
  worstOnset = Math.max(worstOnset, offset);
  if (offset > 50) late += 1;
  if (process.env.BENCH_TRANSLATE_DEBUG) step(`cue ${cue.startMs}–${cue.endMs} ms: onset ${onset} ms`);
  const next = dialogue[i + 1];
  // The line's sound ends at the first silence after its onset; it must come before the next cue.
  const end = silences.find((at) => at > onset) ?? Infinity;
  if (next && end > next.startMs + 50) overrun += 1;
}
const outputProbe = await probeVideo(outputVideo);

console.log(`字幕翻译 · ${SECONDS} s of 1280×720 30 fps · ${os.cpus().length} cores`);
console.log(`(1) burn-in with a bilingual ASS (${cues.length} cues), same encoder, best of ${RUNS}:`);
console.log(line('baseline: bare ffmpeg -vf ass=… with the same file', bare));
console.log(line('ours: translateRenderGraph through the launcher', ours));
console.log(`  ratio bare/ours ${(bare / ours).toFixed(2)} (goal ≥ 0.9)`);
console.log('(2) a whole translation with dubbing through the product, fake services (zero latency):');
console.log(line('review list (recognition, segmentation, translation, reflection)', listSeconds));
console.log(line('job (speech, fitting, loudness pass, burn-in, outputs)', jobSeconds));
console.log(line('total', totalSeconds));
console.log(
  `  ${(totalSeconds / SECONDS).toFixed(2)}× the clip's length (goal < 2×); output ${outputProbe.duration.toFixed(1)} s`,
);
console.log(`(3) the output: ${dialogue.length} dubbed lines`);
console.log(`  worst onset against its cue ${worstOnset} ms; ${late} beyond 50 ms (goal 0)`);
console.log(`  lines still sounding when the next cue starts: ${overrun} (goal 0)`);
console.log(
  `  integrated loudness ${integrated.toFixed(1)} LUFS, target ${LOUDNESS_TARGET.integrated} (goal within ±1 LU: ${Math.abs(integrated - LOUDNESS_TARGET.integrated) <= 1 ? 'yes' : 'no'})`,
);

await ctx.close();
fake.kill('SIGTERM');
if (process.env.BENCH_TRANSLATE_DEBUG) step(`files kept in ${dir}`);
else fs.rmSync(dir, { recursive: true, force: true });
