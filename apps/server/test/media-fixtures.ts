/**
 * Videos for the media and tool tests: small clips generated with ffmpeg (testsrc2 + a tone), uploaded into a
 * creator's library through the real tus endpoint, and waited for until probed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MEDIA_UPLOAD_PATH } from '@cc/contracts';
import { expect } from 'vitest';
import { call, VENDOR, type TestContext } from './test-app.js';

const clipDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-clips-'));

/** A clip of `seconds` seconds: a moving test pattern (`source`: a lavfi video source) with a sine tone (unless `audio` is false). */
export function makeClip(
  name: string,
  { seconds = 3, size = '320x240', source = 'testsrc2', frequency = 440, audio = true } = {},
): string {
  const file = path.join(clipDir, name);
  if (fs.existsSync(file)) return file;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `${source}=size=${size}:rate=25`],
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=${frequency}`] : []),
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...(audio ? ['-c:a', 'aac'] : []),
    file,
  ]);
  return file;
}

/** The headers of a creator's tus request. */
export const tusHeaders = (token: string) => ({
  authorization: `Bearer ${token}`,
  vendor: VENDOR,
  'tus-resumable': '1.0.0',
});

/** Uploads a file with the tus protocol (creation, then one PATCH) and answers the new medium's id once ready. */
export async function uploadToLibrary(
  ctx: TestContext,
  token: string,
  file: string,
  { name = path.basename(file), folder = '', wait = 'ready' as 'ready' | 'failed' | 'none' } = {},
): Promise<number> {
  const body = fs.readFileSync(file);
  const meta = (value: string) => Buffer.from(value).toString('base64');
  const headers = tusHeaders(token);
  const created = await ctx.app.inject({
    method: 'POST',
    url: MEDIA_UPLOAD_PATH,
    headers: {
      ...headers,
      'upload-length': String(body.length),
      'upload-metadata': `filename ${meta(name)},filetype ${meta('video/mp4')}${folder ? `,folder ${meta(folder)}` : ''}`,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const location = new URL(created.headers.location as string, 'http://localhost').pathname;
  const patched = await ctx.app.inject({
    method: 'PATCH',
    url: location,
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: body,
  });
  expect(patched.statusCode, patched.body).toBe(204);
  let id = 0;
  await expect
    .poll(
      async () => {
        const list = await call(ctx.app, { method: 'GET', url: '/ai/v1/media?page_size=100', token });
        const item = (list.json.body.data as { id: number; name: string; status: string }[]).find(
          (m) => m.name === name,
        );
        id = item?.id ?? 0;
        return wait === 'none' ? Boolean(item) : item?.status;
      },
      { timeout: 20_000, interval: 50 },
    )
    .toBe(wait === 'none' ? true : wait);
  return id;
}

/** An audio file of `seconds` seconds (a sine tone; the codec by the extension: mp3, m4a, wav...). */
export function makeTone(name: string, { seconds = 3, frequency = 330 } = {}): string {
  const file = path.join(clipDir, name);
  if (fs.existsSync(file)) return file;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=22050:duration=${seconds}`],
    ...['-ac', '1', file],
  ]);
  return file;
}
