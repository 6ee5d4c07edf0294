/**
 * Compression of the API's JSON answers: brotli, else gzip, as the request's `Accept-Encoding` allows,
 * above a size threshold, with `vary: accept-encoding`. The web app's files are compressed at build time instead and
 * served as they are (`web.ts`).
 *
 * Only routes that declare a JSON response schema — the API — are compressed. Every other route streams or
 * redirects: signed file links and episode downloads (HTTP Range, their own `content-length`), the SSE progress
 * stream and tus uploads (both write to `reply.raw`), images, the team poster, spreadsheets and bank files, short
 * links (302) and static files. They declare no response schema and are left byte for byte as they are written.
 */
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Below this many bytes compression saves less than it costs (most envelopes are a few hundred bytes). */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Quality 4 of 11, for answers compressed on every request: the task page's 4.2 kB of JSON become 1.36 kB in 0.06 ms
 * (quality 11: 1.08 kB in 3.3 ms). Static assets get the maximum quality once, at build time.
 */
const BROTLI_QUALITY = 4;

/** `application/json` and `+json` types; mime-db may add other types, but only on routes answering JSON. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:;|$)/i;

function answersJson(route: RouteOptions): boolean {
  return route.schema?.response !== undefined;
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own `onRoute` hook (hooks run in the order they are added), so the plugin never wraps
  // the routes turned off here.
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !answersJson(route)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    // Routes registered after this one (all of them: this is registered before any route).
    global: true,
    // Request bodies are never compressed by our clients; decompressing them would only widen what a request can
    // make the server do.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
    customTypes: JSON_TYPE,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    },
    // zlib's default level 6: the usual balance of size and CPU for dynamic answers.
    zlibOptions: { level: zlib.constants.Z_DEFAULT_COMPRESSION },
  });
}
