/** Small generated clips for the video engine's tests (testsrc2, smptebars, mandelbrot … with a tone), made once. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = path.join(os.tmpdir(), `cc-video-fixtures-${process.pid}`);

export function clip(source: string, seconds: number, { size = '320x240', frequency = 440, volume = 1 } = {}): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${source}-${seconds}-${size}-${frequency}-${volume}.mp4`);
  if (!fs.existsSync(file)) {
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `${source}=size=${size}:rate=25`],
      ...['-f', 'lavfi', '-i', `sine=frequency=${frequency},volume=${volume}`, '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
  }
  return file;
}

/** Clips joined end to end (re-encoded, so shot changes are real picture changes). */
export function joined(name: string, parts: string[]): string {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) {
    const inputs = parts.flatMap((p) => ['-i', p]);
    const streams = parts.map((_, i) => `[${i}:v][${i}:a]`).join('');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y', ...inputs, '-filter_complex', `${streams}concat=n=${parts.length}:v=1:a=1[v][a]`],
      ...['-map', '[v]', '-map', '[a]', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', file],
    ]);
  }
  return file;
}

/**
 * A source of `seconds` where the `loud` windows ([start, end] in seconds) are loud pink noise over a fast-moving
 * test pattern and the rest is a quiet tone over a colour that changes slowly (slowly enough to read as frozen).
 */
export function scenesClip(seconds: number, loud: readonly [number, number][], size = '160x120'): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `scenes-${seconds}-${loud.flat().join('_')}-${size}.mp4`);
  if (!fs.existsSync(file)) {
    const on = loud.map(([a, b]) => `between(t,${a},${b})`).join('+');
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `color=c=0x305070:size=${size}:rate=25,hue=H=2*PI*t/60`],
      ...['-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25`],
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100,volume=0.03'],
      ...['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.5:sample_rate=44100'],
      '-filter_complex',
      `[1:v]hue=H=t*3[m];[0:v][m]overlay=enable='${on}'[v];` +
        `[3:a]volume='if(${on},1,0)':eval=frame[la];[2:a][la]amix=inputs=2:normalize=0[a]`,
      ...['-map', '[v]', '-map', '[a]', '-t', String(seconds)],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file],
    ]);
  }
  return file;
}
