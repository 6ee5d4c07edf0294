import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { processAlive } from '../../../test/processes.js';
import {
  configureMediaProcesses,
  deathSignalPrefix,
  FfmpegAbortedError,
  FfmpegError,
  killMediaProcesses,
  liveMediaProcesses,
  MediaTimeoutError,
  onMediaProcessStart,
  restrictInputs,
  runFfmpegProcess,
  runMediaProcess,
  type LiveMediaProcess,
} from './ffmpeg-process.js';

const longRender = [...['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=600'], ...['-f', 'null', '-']];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-launcher-'));

const alive = processAlive;

/** The next process the launcher starts. */
const nextStart = () =>
  new Promise<LiveMediaProcess>((resolve) => {
    const stop = onMediaProcessStart((started) => {
      stop();
      resolve(started);
    });
  });

describe('the ffmpeg/ffprobe launcher', () => {
  let restore: Parameters<typeof configureMediaProcesses>[0] | null = null;
  afterEach(() => {
    if (restore) configureMediaProcesses(restore);
    restore = null;
  });

  it('reports progress in output seconds and resolves on success', async () => {
    const seen: number[] = [];
    await runFfmpegProcess(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=2', '-f', 'null', '-'], {
      kind: 'render',
      composedFormats: ['lavfi'],
      onProgress: (s) => seen.push(s),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBeCloseTo(2, 0);
  });

  it('decodes no picture beyond the size limit, also one whose size changes after the first frames', async () => {
    // A file that probes as 320×240 and switches to 1280×960 pictures mid-stream (a decompression bomb the probe's
    // first look cannot see): the decoder refuses the large pictures, so none is ever allocated or rendered.
    const small = path.join(scratch, 'small.h264');
    const large = path.join(scratch, 'large.h264');
    const encode = (size: string, file: string) =>
      runFfmpegProcess(
        [
          '-f',
          'lavfi',
          '-i',
          `testsrc2=size=${size}:rate=25:duration=1`,
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
        ].concat(['-pix_fmt', 'yuv420p', '-f', 'h264', '-y', file]),
        { kind: 'render', composedFormats: ['lavfi'] },
      );
    await encode('320x240', small);
    await encode('1280x960', large);
    const switching = path.join(scratch, 'switching.ts');
    fs.writeFileSync(`${switching}.h264`, Buffer.concat([fs.readFileSync(small), fs.readFileSync(large)]));
    // Muxed outside the launcher: raw h264 is no container a user's file may be read as.
    const mux = spawn(
      'ffmpeg',
      ['-v', 'error', '-y', '-f', 'h264', '-r', '25', '-i', `${switching}.h264`].concat([
        '-c',
        'copy',
        '-f',
        'mpegts',
        switching,
      ]),
    );
    expect((await once(mux, 'close'))[0]).toBe(0);
    restore = configureMediaProcesses({ maxPixels: 640 * 480 });
    const frames = path.join(scratch, 'frames.txt');
    await runFfmpegProcess(['-i', switching, '-autoscale', '0', '-f', 'framecrc', '-y', frames], { kind: 'render' });
    const sizes = fs
      .readFileSync(frames, 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => Number(line.split(',')[4]));
    expect(sizes.length).toBeGreaterThan(0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(640 * 480 * 1.5);
  });

  it('opens every input through the file protocol and the container whitelist; lavfi only when declared', () => {
    const args = restrictInputs(['-y', '-ss', '1', '-i', 'a.mp4', '-f', 'lavfi', '-i', 'sine', 'out.mp4'], ['lavfi']);
    expect(args).toEqual([
      ...['-y', '-ss', '1', '-protocol_whitelist', 'file', '-format_whitelist'],
      ...['mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,flv,mpegts', '-i', 'a.mp4'],
      ...['-f', 'lavfi', '-protocol_whitelist', 'file', '-format_whitelist', 'lavfi', '-i', 'sine', 'out.mp4'],
    ]);
    expect(() => restrictInputs(['-f', 'lavfi', '-i', 'testsrc2', 'out.mp4'])).toThrow(FfmpegError);
    expect(() => restrictInputs(['-f', 'hls', '-i', 'x.m3u8', 'out.mp4'])).toThrow(FfmpegError);
    expect(() => restrictInputs(['-f', 'concat', '-i', 'x.txt', 'out.mp4'], ['lavfi'])).toThrow(FfmpegError);
  });

  it('opens audio files (speech, extracted sound) only where the caller declares its inputs may be audio', () => {
    const containers = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi,flv,mpegts';
    expect(restrictInputs(['-i', 'line.wav', 'out.mp3'], [], [], false, true)).toEqual([
      ...['-protocol_whitelist', 'file', '-format_whitelist', `${containers},wav,mp3,ogg,flac,aac`],
      ...['-i', 'line.wav', 'out.mp3'],
    ]);
    expect(restrictInputs(['-f', 'mp3', '-i', 'line.mp3', 'out.wav'], [], [], false, true)).toContain('line.mp3');
    expect(() => restrictInputs(['-f', 'mp3', '-i', 'line.mp3', 'out.wav'])).toThrow(FfmpegError);
  });

  it('runs espeak-ng under the same limits: a stand-in that never ends is killed at its time limit', async () => {
    const stubborn = path.join(scratch, 'stubborn-espeak.sh');
    fs.writeFileSync(stubborn, `#!/bin/sh\ntrap '' TERM\nsleep 300\n`, { mode: 0o755 });
    restore = configureMediaProcesses({ espeak: stubborn, timeoutFloorMs: 300 });
    const started = nextStart();
    const run = runMediaProcess('espeak-ng', ['-v', 'cmn', '-f', 'line.txt', '-w', 'line.wav'], {
      kind: 'speech',
      mediaSeconds: 0,
    });
    const { pid, kind, args } = await started;
    expect(kind).toBe('speech');
    expect(args.slice(-6)).toEqual(['-v', 'cmn', '-f', 'line.txt', '-w', 'line.wav']);
    await expect(run).rejects.toBeInstanceOf(MediaTimeoutError);
    expect(alive(pid)).toBe(false);
  });

  it('kills the process group when the signal aborts', async () => {
    const controller = new AbortController();
    const started = nextStart();
    const run = runFfmpegProcess(longRender, {
      kind: 'render',
      composedFormats: ['lavfi'],
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    const { pid } = await started;
    await expect(run).rejects.toBeInstanceOf(FfmpegAbortedError);
    expect(alive(pid)).toBe(false);
    expect(liveMediaProcesses().some((p) => p.pid === pid)).toBe(false);
  });

  it('kills every process group it still runs when the server closes, each ending as cancelled (retried later)', async () => {
    const started = nextStart();
    const run = runFfmpegProcess(longRender, { kind: 'render', composedFormats: ['lavfi'] });
    const { pid } = await started;
    killMediaProcesses();
    await expect(run).rejects.toBeInstanceOf(FfmpegAbortedError);
    expect(alive(pid)).toBe(false);
  });

  it('kills the whole process group at its time limit, a child that ignores SIGTERM included', async () => {
    // A stand-in for ffmpeg: ignores SIGTERM, starts a grandchild in its group, and never ends by itself.
    const childPidFile = path.join(scratch, 'grandchild.pid');
    const stubborn = path.join(scratch, 'stubborn-ffmpeg.sh');
    fs.writeFileSync(stubborn, `#!/bin/sh\ntrap '' TERM\nsleep 300 &\necho $! > ${childPidFile}\nwait\n`, {
      mode: 0o755,
    });
    restore = configureMediaProcesses({ ffmpeg: stubborn, timeoutFloorMs: 500 });
    const started = nextStart();
    const run = runFfmpegProcess(['-i', 'input.mp4', '-f', 'null', '-'], { kind: 'render', mediaSeconds: 0 });
    const { pid } = await started;
    await expect
      .poll(() => fs.existsSync(childPidFile) && fs.readFileSync(childPidFile, 'utf8').trim() !== '')
      .toBe(true);
    const grandchild = Number(fs.readFileSync(childPidFile, 'utf8'));
    expect(alive(grandchild)).toBe(true);
    await expect(run).rejects.toBeInstanceOf(MediaTimeoutError);
    expect(alive(pid)).toBe(false);
    await expect.poll(() => alive(grandchild)).toBe(false);
  });

  it('runs at most the configured number of processes of a kind at once', async () => {
    restore = configureMediaProcesses({ concurrency: 1 });
    const first = new AbortController();
    const second = new AbortController();
    const firstStarted = nextStart();
    const runs = [first, second].map((controller) =>
      runFfmpegProcess(longRender, { kind: 'analysis', composedFormats: ['lavfi'], signal: controller.signal }),
    );
    const one = await firstStarted;
    const secondStarted = nextStart();
    // The second waits for the first's slot: still one analysis process.
    expect(liveMediaProcesses().filter((p) => p.kind === 'analysis')).toEqual([one]);
    first.abort();
    const two = await secondStarted;
    expect(two.pid).not.toBe(one.pid);
    second.abort();
    await Promise.allSettled(runs);
    expect(liveMediaProcesses().filter((p) => p.kind === 'analysis')).toEqual([]);
  });

  it('leaves no orphan ffmpeg when its Node process is killed with SIGKILL', async () => {
    const launcher = fileURLToPath(new URL('./ffmpeg-process.ts', import.meta.url));
    const script = `
      import { onMediaProcessStart, runFfmpegProcess } from ${JSON.stringify(launcher)};
      onMediaProcessStart(({ pid }) => console.log('pid ' + pid));
      void runFfmpegProcess(${JSON.stringify(longRender)}, { kind: 'render', composedFormats: ['lavfi'] });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
    const pid = Number(/pid (\d+)/.exec(chunk.toString())?.[1]);
    expect(alive(pid)).toBe(true);
    child.kill('SIGKILL');
    await once(child, 'exit');
    await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false);
    // A Node process starting under tsx takes seconds on a loaded machine.
  }, 30_000);
});

describe('the death signal armed after the fork', () => {
  /** Runs `echo ran` behind the prefix the launcher puts before every program, and returns what it printed. */
  async function runBehind(prefix: string[]) {
    const child = spawn(prefix[0]!, [...prefix.slice(1), 'echo', 'ran'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let printed = '';
    child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const [code] = (await once(child, 'close')) as [number];
    return { code, printed: printed.trim() };
  }

  it('runs the program while its parent is the one that started it', async () => {
    expect(await runBehind(deathSignalPrefix())).toEqual({ code: 0, printed: 'ran' });
  });

  it('never runs the program once its parent has changed (the parent died before the signal was armed)', async () => {
    // A parent that is not ours stands for the orphan's new parent: what the shell sees when the starter died early.
    const result = await runBehind(deathSignalPrefix(process.pid + 1_000_000));
    expect(result).toEqual({ code: 125, printed: '' });
  });
});

describe('the launcher is the only way to ffmpeg', () => {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const sources = (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !/\.test\.ts$|fixtures\.ts$/.test(file))
    .map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }));

  it('no server module but the launcher starts ffmpeg, ffprobe or espeak-ng', () => {
    const spawning = sources.filter(({ text }) => /node:child_process|['"]child_process['"]/.test(text));
    expect(spawning.map((s) => s.file).sort()).toEqual([
      path.join('modules', 'tool', 'video', 'render-timeline.ts'),
      path.join('providers', 'media', 'ffmpeg-process.ts'),
    ]);
    // The one other user asks fontconfig for a font, nothing else.
    const timeline = spawning.find((s) => s.file.endsWith('render-timeline.ts'))!.text;
    expect(
      [...timeline.matchAll(/(?:execFile|execFileSync|spawn|spawnSync|exec|execSync)\(\s*([^,)]+)/g)].map((m) => m[1]),
    ).toEqual(["'fc-match'"]);
  });
});
