/**
 * Serves the built web app at `/` (with index.html for client-side routes) and local media under `/media/`.
 * Unknown API paths answer in the envelope, never with the HTML page.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each file (`apps/web/vite-plugins/precompress.ts`);
 * the copy the request's `Accept-Encoding` allows is sent as it is (br first, then gzip, else the file itself), so
 * no CPU is spent compressing at request time. Media files are served as they are: video and images do not shrink.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { sendRouteNotFound } from './envelope.js';
import { ENCODINGS, fixedAnswer, fixedBodyOf, type Encoding, type FixedBody } from './fixed-body.js';
import { normalisedPath, zoneOfPath } from './route-zone.js';

/** The extension of each precompressed copy the build writes. */
const EXTENSIONS: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** index.html and its precompressed copies, read once: it is small and, like the routes of the assets, fixed per build. */
export function loadIndexPage(webDistDir: string): FixedBody {
  const file = path.join(webDistDir, 'index.html');
  const copies: Partial<Record<Encoding, () => Promise<Buffer>>> = {};
  for (const encoding of ENCODINGS) {
    const copy = file + EXTENSIONS[encoding];
    if (fs.existsSync(copy)) {
      const body = fs.readFileSync(copy);
      copies[encoding] = async () => body;
    }
  }
  return fixedBodyOf(fs.readFileSync(file), copies);
}

/**
 * Addresses where API tools look for a reference (`/swagger`, `/docs/x`, `/openapi.yaml`): an unknown one is a 404,
 * never the web app's page, so a tool learns there is nothing there (the reference is at `/docs/`).
 */
const API_REFERENCE_LIKE = /^\/(docs|swagger|api-docs|openapi|redoc|reference)(?:[/.?-]|$)/i;

export async function registerWeb(app: FastifyInstance, config: AppConfig): Promise<void> {
  fs.mkdirSync(config.mediaDir, { recursive: true });
  // This registration decorates `reply.sendFile`, which downloads also use (Range, 206, 416 handled by send).
  // Its route, `GET /media/*`, is the endpoint table's `platformApi.mediaFile`.
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    maxAge: '7d',
  });

  const indexFile = path.join(config.webDistDir, 'index.html');
  const indexPage = fs.existsSync(indexFile) ? loadIndexPage(config.webDistDir) : null;
  if (indexPage) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      // The copies are found beside their file; they get no address of their own.
      globIgnore: Object.values(EXTENSIONS).map((extension) => `**/*${extension}`),
      // Hashed assets never change; index.html must always be fresh so a deploy is picked up.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    // Decided on the path as the router would read it, so no spelling of `/docs/x` gets the web app's page.
    const pathname = normalisedPath(request.url);
    const wantsPage =
      request.method === 'GET' && zoneOfPath(pathname) === 'other' && !API_REFERENCE_LIKE.test(pathname);
    if (indexPage && wantsPage && !path.extname(pathname)) {
      return reply.send(await fixedAnswer(request, reply, indexPage, 'text/html; charset=utf-8'));
    }
    return sendRouteNotFound(reply);
  });
}
