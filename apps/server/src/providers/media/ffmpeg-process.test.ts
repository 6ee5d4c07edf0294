import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { FfmpegAbortedError, runFfmpegProcess } from './ffmpeg-process.js';

const longRender = (tag: string) => [
  ...['-f', 'lavfi', '-i', `testsrc2=size=320x240:rate=25:duration=${tag}`],
  ...['-f', 'null', '-'],
];

const running = (tag: string) => {
  try {
    execFileSync('pgrep', ['-f', `duration=${tag}`]);
    return true;
  } catch {
    return false;
  }
};

describe('runFfmpegProcess', () => {
  it('reports progress in output seconds and resolves on success', async () => {
    const seen: number[] = [];
    await runFfmpegProcess(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=2', '-f', 'null', '-'], {
      onProgress: (s) => seen.push(s),
    });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.at(-1)).toBeCloseTo(2, 0);
  });

  it('kills ffmpeg when the signal aborts', async () => {
    const tag = '611.5';
    const controller = new AbortController();
    const run = runFfmpegProcess(longRender(tag), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toBeInstanceOf(FfmpegAbortedError);
    expect(running(tag)).toBe(false);
  });

  it('leaves no orphan ffmpeg when its Node process is killed with SIGKILL', async () => {
    const tag = '612.5';
    const script = `
      import { runFfmpegProcess } from ${JSON.stringify(new URL('./ffmpeg-process.ts', import.meta.url).pathname)};
      void runFfmpegProcess(${JSON.stringify(longRender(tag))}, { onProgress: () => console.log('rendering') });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await once(child.stdout!, 'data');
    expect(running(tag)).toBe(true);
    child.kill('SIGKILL');
    await once(child, 'exit');
    await expect.poll(() => running(tag), { timeout: 5_000 }).toBe(false);
  });
});
