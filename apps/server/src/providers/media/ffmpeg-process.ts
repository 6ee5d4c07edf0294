/**
 * ffmpeg as a cancellable process with progress: the video tools' runner. Progress comes from `-progress pipe:1`
 * (`out_time_us`), so it is exact and cheap; aborting the signal kills the process (SIGKILL: ffmpeg may ignore a
 * polite signal while it waits on a filter) and the promise rejects with `FfmpegAbortedError`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { FfmpegError } from './ffmpeg.js';

/**
 * ffmpeg ignores SIGPIPE, so a worker killed with SIGKILL would leave its ffmpeg rendering on as an orphan for
 * minutes. util-linux's `setpriv --pdeathsig KILL` makes the kernel kill ffmpeg when its parent dies.
 */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((file) => fs.existsSync(file));

export class FfmpegAbortedError extends Error {
  override name = 'FfmpegAbortedError';
}

export interface FfmpegRunOptions {
  signal?: AbortSignal;
  /** Seconds of output written so far, at most a few times a second. */
  onProgress?: (outSeconds: number) => void;
  /** Called with each stderr line (filters such as scdet and ebur128 log there). */
  onStderrLine?: (line: string) => void;
  /** The process's niceness on POSIX (background renders yield to the API); default 0. */
  nice?: number;
}

export interface FfmpegRunResult {
  /** The last 64 KB of stderr, for errors and for filters read after the run. */
  stderrTail: string;
}

const STDERR_TAIL = 64 * 1024;

/** Runs `ffmpeg <args>` with `-progress pipe:1 -nostats` added in front. */
export function runFfmpegProcess(args: readonly string[], options: FfmpegRunOptions = {}): Promise<FfmpegRunResult> {
  const { signal, onProgress, onStderrLine, nice = 0 } = options;
  if (signal?.aborted) return Promise.reject(new FfmpegAbortedError('ffmpeg was cancelled before it started'));
  const ffmpeg = ['ffmpeg', '-hide_banner', '-nostdin', '-progress', 'pipe:1', '-nostats', ...args];
  const niced = nice > 0 ? ['nice', '-n', String(nice), ...ffmpeg] : ffmpeg;
  const [command = 'ffmpeg', ...commandArgs] = SETPRIV ? [SETPRIV, '--pdeathsig', 'KILL', '--', ...niced] : niced;
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderrTail = '';
    let stderrLine = '';
    let stdoutLine = '';
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdoutLine += chunk;
      let newline = stdoutLine.indexOf('\n');
      while (newline >= 0) {
        const line = stdoutLine.slice(0, newline).trim();
        stdoutLine = stdoutLine.slice(newline + 1);
        if (onProgress && line.startsWith('out_time_us=')) {
          const us = Number(line.slice('out_time_us='.length));
          if (Number.isFinite(us) && us >= 0) onProgress(us / 1e6);
        }
        newline = stdoutLine.indexOf('\n');
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
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new FfmpegError(`ffmpeg could not start: ${error.message}`));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', onAbort);
      if (onStderrLine && stderrLine.length > 0) onStderrLine(stderrLine);
      if (aborted) reject(new FfmpegAbortedError('ffmpeg was cancelled'));
      else if (code === 0) resolve({ stderrTail });
      else reject(new FfmpegError(`ffmpeg exited with ${code}: ${stderrTail.trim().slice(-800)}`));
    });
  });
}
