import { ErrorCode } from '@cc/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind, type TestContext } from '../../test/test-app.js';

/** A built web app as the build writes it: files with their brotli and gzip copies beside them. */
function writeWebDist(dir: string) {
  const files: Record<string, string> = {
    'index.html': `<!doctype html><html lang="zh-CN"><head><title>创作者中心</title></head><body>${'<div></div>'.repeat(80)}</body></html>`,
    'assets/index-abc123.js': `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `任务 ${i}`))};`,
    'assets/index-abc123.css': '.task{color:#165dff}\n'.repeat(100),
  };
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content));
    // The stylesheet has only a gzip copy, as when brotli would not have been smaller.
    if (!name.endsWith('.css')) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
  }
  // A file without copies (too small to gain anything).
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return files;
}

describe(`web app delivery: precompressed files by Accept-Encoding (${testDatabaseKind})`, () => {
  let ctx: TestContext;
  let files: Record<string, string>;
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-web-dist-'));

  beforeAll(async () => {
    files = writeWebDist(webDir);
    ctx = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

  it('sends a hashed asset as brotli when accepted, with its own type, vary and the long cache', async () => {
    const response = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(files['assets/index-abc123.js']);
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gzip = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(files['assets/index-abc123.js']);

    // Only a gzip copy exists: a browser that prefers brotli gets gzip.
    const css = await get('/assets/index-abc123.css', { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(zlib.gunzipSync(css.rawPayload).toString()).toBe(files['assets/index-abc123.css']);

    const refusals: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of refusals) {
      const plain = await get('/assets/index-abc123.js', headers);
      expect(plain.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(files['assets/index-abc123.js']);
    }

    const favicon = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(favicon.headers['content-encoding']).toBeUndefined();
    expect(favicon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('gives the compressed copies no address of their own', async () => {
    expect((await get('/assets/index-abc123.js.br')).statusCode).toBe(404);
    expect((await get('/assets/index-abc123.js.gz')).statusCode).toBe(404);
  });

  it('sends the page of a client route precompressed, never cached without asking, and 304 when unchanged', async () => {
    const page = await get('/task?task_type=1', { 'accept-encoding': 'gzip, deflate, br' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(files['index.html']);

    const again = await get('/task', { 'accept-encoding': 'gzip, deflate, br', 'if-none-match': page.headers.etag! });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const gzip = await get('/profile', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.etag).not.toBe(page.headers.etag);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(files['index.html']);

    const plain = await get('/home');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(files['index.html']);
  });

  it('still answers unknown API paths in the envelope, uncompressed', async () => {
    const response = await get('/agent/v1/nope', { 'accept-encoding': 'br', vendor: 'default' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ code: ErrorCode.routeNotFound, msg: '接口不存在', body: null });
  });
});
