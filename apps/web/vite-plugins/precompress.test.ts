import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

describe('precompressDirectory', () => {
  let dir: string;
  const write = (name: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  };
  const exists = (name: string) => fs.existsSync(path.join(dir, name));
  const read = (name: string) => fs.readFileSync(path.join(dir, name));

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cc-precompress-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes a brotli and a gzip copy beside each text file, in subfolders too, that decode to the file', async () => {
    const script = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `任务 ${i}`))};\n`;
    write('assets/index-abc123.js', script);
    write('assets/index-abc123.css', '.a{color:red}\n'.repeat(100));
    write('index.html', `<!doctype html><html><body>${'<div></div>'.repeat(100)}</body></html>`);

    const results = await precompressDirectory(dir);

    expect(results.map((r) => path.relative(dir, r.file)).sort()).toEqual([
      'assets/index-abc123.css',
      'assets/index-abc123.js',
      'index.html',
    ]);
    expect(zlib.brotliDecompressSync(read('assets/index-abc123.js.br')).toString()).toBe(script);
    expect(zlib.gunzipSync(read('assets/index-abc123.js.gz')).toString()).toBe(script);
    for (const result of results) {
      expect(result.br).toBeLessThan(result.size);
      expect(result.gzip).toBeLessThan(result.size);
      // Brotli at its highest quality beats gzip on text.
      expect(result.br!).toBeLessThan(result.gzip!);
    }
    expect(exists('index.html.br') && exists('index.html.gz') && exists('assets/index-abc123.css.br')).toBe(true);
  });

  it('leaves images and other binary formats alone', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(4000)]);
    write('assets/cover-abc123.png', png);
    write('assets/font-abc123.woff2', Buffer.alloc(4000));

    expect(await precompressDirectory(dir)).toEqual([]);
    expect(fs.readdirSync(path.join(dir, 'assets')).sort()).toEqual(['cover-abc123.png', 'font-abc123.woff2']);
  });

  it('writes no copy that would not be smaller than the file', async () => {
    write('tiny.js', 'x');

    const [result] = await precompressDirectory(dir);

    expect(result).toMatchObject({ size: 1, br: null, gzip: null });
    expect(exists('tiny.js.br') || exists('tiny.js.gz')).toBe(false);
  });

  it('does not compress the copies of an earlier run again', async () => {
    write('app.js', 'console.log("创作者中心");\n'.repeat(50));
    await precompressDirectory(dir);

    const again = await precompressDirectory(dir);

    expect(again.map((r) => path.basename(r.file))).toEqual(['app.js']);
    expect(exists('app.js.br.br') || exists('app.js.gz.gz') || exists('app.js.br.gz')).toBe(false);
  });
});
