/** The one thin runner for ffmpeg and ffprobe: argument lists are built elsewhere by pure, tested functions. */
import { spawn } from 'node:child_process';

export class FfmpegError extends Error {
  override name = 'FfmpegError';
}

function run(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new FfmpegError(`${command} could not start: ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new FfmpegError(`${command} exited with ${code}: ${stderr.trim().slice(-800)}`));
    });
  });
}

export function runFfmpeg(args: readonly string[]): Promise<string> {
  return run('ffmpeg', args);
}

/** Duration of a media file in milliseconds. */
export async function probeDurationMs(file: string): Promise<number> {
  const out = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  const seconds = Number.parseFloat(out.trim());
  if (!Number.isFinite(seconds)) throw new FfmpegError(`ffprobe gave no duration for ${file}`);
  return Math.round(seconds * 1000);
}

export async function hasFfmpeg(): Promise<boolean> {
  try {
    await run('ffmpeg', ['-hide_banner', '-version']);
    return true;
  } catch {
    return false;
  }
}
