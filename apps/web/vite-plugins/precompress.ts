/**
 * Vite plugin that writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build (scripts,
 * styles, index.html, SVG, JSON), at the highest quality: it is paid once per build, and the server sends the copy
 * the browser accepts without compressing anything at request time (`apps/server/src/plugins/web.ts`).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text formats; images, fonts and video are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/i;

export interface PrecompressedFile {
  file: string;
  size: number;
  /** Bytes of each copy written; a copy that would not be smaller than the file is not written. */
  br: number | null;
  gzip: number | null;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function precompressFile(file: string): Promise<PrecompressedFile> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file would only cost the browser more bytes; the server then sends the file itself.
  const written = async (copy: Buffer, extension: string): Promise<number | null> => {
    if (copy.length >= source.length) return null;
    await writeFile(file + extension, copy);
    return copy.length;
  };
  return { file, size: source.length, br: await written(br, '.br'), gzip: await written(gz, '.gz') };
}

/** Compresses every compressible file under `dir` (the copies themselves excepted). */
export async function precompressDirectory(dir: string): Promise<PrecompressedFile[]> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  // zlib's asynchronous calls run on libuv's thread pool, so the files are compressed in parallel.
  return Promise.all(files.map(precompressFile));
}

export function precompress(): Plugin {
  return {
    name: 'cc:precompress',
    apply: 'build',
    // After the bundle and the public folder's files are all on disk.
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler(options) {
        if (!options.dir) return;
        const results = await precompressDirectory(options.dir);
        const sum = (pick: (result: PrecompressedFile) => number) => results.reduce((total, r) => total + pick(r), 0);
        const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
        this.info(
          `${results.length} files precompressed: ${kb(sum((r) => r.size))} → ` +
            `${kb(sum((r) => r.br ?? r.size))} brotli, ${kb(sum((r) => r.gzip ?? r.size))} gzip`,
        );
      },
    },
  };
}
