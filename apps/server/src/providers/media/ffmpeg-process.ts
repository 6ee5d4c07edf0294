/**
 * The one launcher of ffmpeg, ffprobe and espeak-ng (the built-in voice): no other module spawns any of them (a test
 * greps the tree). Every input is opened through the `file` protocol only and, unless the caller composed it itself
 * (`composedFormats`), through a whitelist of real containers, so a playlist (hls, concat) cannot make ffmpeg read
 * another file of the server. Each process runs in its own process group with a wall-clock timeout that kills the whole group, under a
 * concurrency cap per kind, an address-space ceiling (`prlimit --as`) and `setpriv --pdeathsig KILL` (it dies with
 * its parent); the server kills every group it still has when it closes. Progress comes from `-progress pipe:1`.
 * espeak-ng reads no media: it gets the caller's arguments (voice, text file, output file) under the same limits.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { Semaphore } from '../../semaphore.js';

/** Demuxers a user's file may be opened with: real containers, never hls, concat, image2, pipe, lavfi or tee. */
export const CONTAINER_FORMATS = ['mov', 'mp4', 'm4a', '3gp', '3g2', 'mj2', 'matroska', 'webm', 'avi', 'flv', 'mpegts'];
/**
 * Audio demuxers, allowed only where the caller declares its inputs may be audio files (`audioInputs`): speech a
 * service or espeak-ng answered, audio the server extracted for recognition. None of them names another file.
 */
export const AUDIO_FORMATS = ['wav', 'mp3', 'ogg', 'flac', 'aac'];
/** Demuxers only the server's own composed inputs may use (test patterns, title cards, invite poster SVGs). */
export type ComposedFormat = 'lavfi' | 'svg_pipe';

/** What a process does; each kind has its own concurrency cap. */
export type MediaProcessKind = 'probe' | 'poster' | 'render' | 'analysis' | 'speech';
/** The programs the launcher runs. */
export type MediaProgram = 'ffmpeg' | 'ffprobe' | 'espeak-ng';

export interface MediaProcessSettings {
  ffmpeg: string;
  ffprobe: string;
  espeak: string;
  /** Probe wall-clock limit. */
  probeTimeoutMs: number;
  /** Other processes: this many wall-clock seconds per second of media, between the floor and the ceiling. */
  secondsPerMediaSecond: number;
  timeoutFloorMs: number;
  timeoutCeilingMs: number;
  /** Processes of one kind running at once (per server process). */
  concurrency: number;
  /** Address-space ceiling per process in bytes (`prlimit --as`); 0 for none. */
  memoryBytes: number;
  /** ffmpeg's decoder, filter and encoder threads. */
  threads: number;
  /**
   * Largest picture (width × height) ffmpeg's decoders allocate for a user's file (`-max_pixels`): the probe sees
   * only the first pictures, and a stream may switch to 8192 × 8192 ones after them. MEDIA_MAX_WIDTH × HEIGHT.
   */
  maxPixels: number;
}

const DEFAULTS: MediaProcessSettings = {
  ffmpeg: 'ffmpeg',
  ffprobe: 'ffprobe',
  espeak: 'espeak-ng',
  probeTimeoutMs: 10_000,
  secondsPerMediaSecond: 10,
  timeoutFloorMs: 60_000,
  timeoutCeilingMs: 30 * 60_000,
  concurrency: 2,
  memoryBytes: 4 * 1024 ** 3,
  threads: 2,
  maxPixels: 4096 * 4096,
};

let settings: MediaProcessSettings = { ...DEFAULTS };

/** Set once at start-up from the configuration (MEDIA_PROCESS_*); answers the settings before the change. */
export function configureMediaProcesses(change: Partial<MediaProcessSettings>): MediaProcessSettings {
  const before = settings;
  settings = { ...settings, ...change };
  return before;
}

const findTool = (name: string) => [`/usr/bin/${name}`, `/bin/${name}`].find((file) => fs.existsSync(file));
/**
 * ffmpeg ignores SIGPIPE, so a worker killed with SIGKILL would leave its ffmpeg rendering on as an orphan for
 * minutes: util-linux's `setpriv --pdeathsig KILL` makes the kernel kill it when its parent dies; `prlimit` sets the
 * address-space ceiling. Both exec the next program, so the group's leader ends up being ffmpeg itself.
 */
const SETPRIV = findTool('setpriv');
const PRLIMIT = findTool('prlimit');
const SH = findTool('sh');

/**
 * The death signal is armed by setpriv after the fork: a parent killed in between (seen on a loaded machine, a worker
 * SIGKILLed just as it started a render) would leave the render running on as an orphan. So after arming it, a shell
 * checks that its parent is still `parentPid` and exits (125) instead of running the program if not; a parent dying
 * later sends the signal.
 */
export function deathSignalPrefix(parentPid: number = process.pid): string[] {
  if (!SETPRIV) return [];
  const guard = SH ? [SH, '-c', '[ "$PPID" = "$0" ] && exec "$@"; exit 125', String(parentPid)] : [];
  return [SETPRIV, '--pdeathsig', 'KILL', '--', ...guard];
}

export class FfmpegError extends Error {
  override name = 'FfmpegError';
}

export class FfmpegAbortedError extends Error {
  override name = 'FfmpegAbortedError';
}

/** The program is not installed (or not executable): nothing is wrong with the file. */
export class FfmpegMissingError extends FfmpegError {
  override name = 'FfmpegMissingError';
}

/** The process ran past its wall-clock limit and its process group was killed. */
export class MediaTimeoutError extends FfmpegError {
  override name = 'MediaTimeoutError';
}

export interface MediaProcessOptions {
  kind: MediaProcessKind;
  /** Seconds of media the process reads or writes: sets the timeout of every kind but probes. */
  mediaSeconds?: number;
  /** Inputs (`-f <format> -i …`) the caller composed itself and may open with these demuxers. */
  composedFormats?: readonly ComposedFormat[];
  /** The inputs may also be audio files (`AUDIO_FORMATS`): speech and extracted sound, never a library upload. */
  audioInputs?: boolean;
  signal?: AbortSignal;
  /** Seconds of output written so far, at most a few times a second (ffmpeg only). */
  onProgress?: (outSeconds: number) => void;
  /** Called with each stderr line (filters such as scdet and ebur128 log there). */
  onStderrLine?: (line: string) => void;
  /** The process's niceness on POSIX (background renders yield to the API); default 0. */
  nice?: number;
}

export interface FfmpegRunResult {
  /** ffprobe's or espeak-ng's output (ffmpeg's stdout is its progress). */
  stdout: string;
  /** The last 64 KB of stderr, for errors and for filters read after the run. */
  stderrTail: string;
}

export interface LiveMediaProcess {
  /** The process id, also its process group id. */
  pid: number;
  kind: MediaProcessKind;
  args: readonly string[];
}

const STDERR_TAIL = 64 * 1024;
/** Running processes by pid, with what stops each (the close ends them as cancelled, not as failed). */
const live = new Map<number, { process: LiveMediaProcess; stop: () => void }>();
const listeners = new Set<(started: LiveMediaProcess) => void>();

/** Processes this server runs now (tests find their own renders here, never by name). */
export function liveMediaProcesses(): LiveMediaProcess[] {
  return [...live.values()].map((entry) => entry.process);
}

/** Calls `listener` with every process started from now on; answers the unsubscribe. */
export function onMediaProcessStart(listener: (started: LiveMediaProcess) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Kills the process group of every process still running (the server is closing); each rejects as cancelled. */
export function killMediaProcesses(): void {
  for (const entry of live.values()) entry.stop();
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

const cancelledBeforeStart = () => new FfmpegAbortedError('ffmpeg was cancelled before it started');
const slots: Record<MediaProcessKind, Semaphore> = {
  probe: new Semaphore(() => settings.concurrency, cancelledBeforeStart),
  poster: new Semaphore(() => settings.concurrency, cancelledBeforeStart),
  render: new Semaphore(() => settings.concurrency, cancelledBeforeStart),
  analysis: new Semaphore(() => settings.concurrency, cancelledBeforeStart),
  speech: new Semaphore(() => settings.concurrency, cancelledBeforeStart),
};

/**
 * The arguments with `-protocol_whitelist file` and a `-format_whitelist` in front of every input: the container
 * list, or the composed format the input names with `-f` when the caller declared it. A composed format the caller
 * did not declare is refused (a user's file never reaches lavfi through a forgotten option). With
 * `fileDecoderLimit` (ffmpeg; ffprobe must still read a too-large first picture to name its size), `-max_pixels`
 * in front of every input that is not composed. With `audioInputs`, a file may also be opened as audio.
 */
export function restrictInputs(
  args: readonly string[],
  composedFormats: readonly ComposedFormat[] = [],
  inputOptions: readonly string[] = [],
  fileDecoderLimit = false,
  audioInputs = false,
): string[] {
  const fileFormats = audioInputs ? [...CONTAINER_FORMATS, ...AUDIO_FORMATS] : CONTAINER_FORMATS;
  const out: string[] = [];
  let inputStart = 0;
  for (let i = 0; i < args.length; i += 1) {
    if (args[i] !== '-i') continue;
    const options = args.slice(inputStart, i);
    const formatAt = options.lastIndexOf('-f');
    const format = formatAt >= 0 ? options[formatAt + 1] : undefined;
    const composed = composedFormats.find((f) => f === format);
    if (format && !composed && !fileFormats.includes(format)) {
      throw new FfmpegError(`input format ${format} is not allowed`);
    }
    // A composed input is the server's own; a user's file is decoded at most at the size limit, whatever it probed.
    const decoderLimit = fileDecoderLimit && !composed ? ['-max_pixels', String(settings.maxPixels)] : [];
    out.push(...options, ...inputOptions, ...decoderLimit, '-protocol_whitelist', 'file');
    out.push('-format_whitelist', composed ?? fileFormats.join(','), '-i', args[i + 1] ?? '');
    i += 1;
    inputStart = i + 1;
  }
  out.push(...args.slice(inputStart));
  return out;
}

function timeoutOf(kind: MediaProcessKind, mediaSeconds: number | undefined): number {
  if (kind === 'probe') return settings.probeTimeoutMs;
  if (mediaSeconds === undefined || !Number.isFinite(mediaSeconds)) return settings.timeoutCeilingMs;
  const proportional = mediaSeconds * settings.secondsPerMediaSecond * 1000;
  return Math.min(settings.timeoutCeilingMs, Math.max(settings.timeoutFloorMs, proportional));
}

function commandLine(program: MediaProgram, args: readonly string[], nice: number): string[] {
  const threads = String(settings.threads);
  const body = {
    ffmpeg: [settings.ffmpeg, '-hide_banner', '-nostdin', '-progress', 'pipe:1', '-nostats'],
    ffprobe: [settings.ffprobe, '-hide_banner'],
    'espeak-ng': [settings.espeak],
  }[program];
  const threadArgs = program === 'ffmpeg' ? ['-filter_threads', threads, '-filter_complex_threads', threads] : [];
  const full = [...body, ...threadArgs, ...args];
  const niced = nice > 0 ? ['nice', '-n', String(nice), ...full] : full;
  const limited =
    PRLIMIT && settings.memoryBytes > 0 ? [PRLIMIT, `--as=${settings.memoryBytes}`, '--', ...niced] : niced;
  return [...deathSignalPrefix(), ...limited];
}

/** The arguments as the program gets them: every media input restricted as above; espeak-ng reads no media. */
function programArgs(program: MediaProgram, args: readonly string[], options: MediaProcessOptions): string[] {
  const { audioInputs = false } = options;
  // ffprobe reads its one input as its last argument; ffmpeg names each with -i and decodes with a few threads.
  if (program === 'ffprobe') {
    return restrictInputs([...args.slice(0, -1), '-i', args.at(-1) ?? ''], [], [], false, audioInputs);
  }
  if (program === 'ffmpeg') {
    const threads = ['-threads', String(settings.threads)];
    return restrictInputs(args, options.composedFormats, threads, true, audioInputs);
  }
  return [...args];
}

/** Runs ffmpeg, ffprobe or espeak-ng with `args` (inputs restricted as above) under the limits of its kind. */
export async function runMediaProcess(
  program: MediaProgram,
  args: readonly string[],
  options: MediaProcessOptions,
): Promise<FfmpegRunResult> {
  const { kind, signal, onProgress, onStderrLine, nice = 0 } = options;
  if (signal?.aborted) throw new FfmpegAbortedError('ffmpeg was cancelled before it started');
  const restricted = programArgs(program, args, options);
  const [command = program, ...commandArgs] = commandLine(program, restricted, nice);
  const slot = slots[kind];
  await slot.take(signal);
  try {
    return await new Promise<FfmpegRunResult>((resolve, reject) => {
      // detached: the child leads a new process group, which the timeout, a cancel and the close kill as a whole.
      const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      const pid = child.pid;
      let stdout = '';
      let stderrTail = '';
      let stderrLine = '';
      let progressLine = '';
      let ended: 'aborted' | 'timeout' | null = null;
      const stop = (why: 'aborted' | 'timeout') => {
        ended ??= why;
        if (pid) killGroup(pid);
      };
      const onAbort = () => stop('aborted');
      const timer = setTimeout(() => stop('timeout'), timeoutOf(kind, options.mediaSeconds));
      signal?.addEventListener('abort', onAbort, { once: true });
      if (pid) {
        const started = { pid, kind, args: commandArgs };
        live.set(pid, { process: started, stop: onAbort });
        for (const listener of listeners) listener(started);
      }
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        if (program !== 'ffmpeg') {
          stdout += chunk;
          return;
        }
        progressLine += chunk;
        let newline = progressLine.indexOf('\n');
        while (newline >= 0) {
          const line = progressLine.slice(0, newline).trim();
          progressLine = progressLine.slice(newline + 1);
          if (onProgress && line.startsWith('out_time_us=')) {
            const us = Number(line.slice('out_time_us='.length));
            if (Number.isFinite(us) && us >= 0) onProgress(us / 1e6);
          }
          newline = progressLine.indexOf('\n');
        }
      });
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL);
        if (!onStderrLine) return;
        stderrLine += chunk;
        let newline = stderrLine.search(/[\r\n]/);
        while (newline >= 0) {
          const line = stderrLine.slice(0, newline);
          stderrLine = stderrLine.slice(newline + 1);
          if (line.length > 0) onStderrLine(line);
          newline = stderrLine.search(/[\r\n]/);
        }
      });
      const finish = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        if (pid) live.delete(pid);
      };
      child.on('error', (error) => {
        finish();
        reject(new FfmpegMissingError(`${program} could not start: ${error.message}`));
      });
      child.on('close', (code) => {
        finish();
        // Whatever the leader did, nothing of its group outlives it.
        if (pid) killGroup(pid);
        if (onStderrLine && stderrLine.length > 0) onStderrLine(stderrLine);
        if (ended === 'aborted') reject(new FfmpegAbortedError(`${program} was cancelled`));
        else if (ended === 'timeout') reject(new MediaTimeoutError(`${program} ran past its time limit`));
        else if (code === 0) resolve({ stdout, stderrTail });
        // setpriv, prlimit and nice exit 126/127 when they cannot run the program (ffmpeg itself never does).
        else if (code === 126 || code === 127) reject(new FfmpegMissingError(`${program} could not start`));
        else reject(new FfmpegError(`${program} exited with ${code}: ${stderrTail.trim().slice(-800)}`));
      });
    });
  } finally {
    slot.give();
  }
}

/** Runs `ffmpeg <args>` (see `runMediaProcess`). */
export function runFfmpegProcess(args: readonly string[], options: MediaProcessOptions): Promise<FfmpegRunResult> {
  return runMediaProcess('ffmpeg', args, options);
}

export async function hasFfmpeg(): Promise<boolean> {
  try {
    await runMediaProcess('ffmpeg', ['-version'], { kind: 'probe' });
    return true;
  } catch {
    return false;
  }
}
