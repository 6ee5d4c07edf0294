/**
 * Serves the built web app at `/` (with index.html for client-side routes) and local media under `/media/`.
 * Unknown API paths answer in the envelope, never with the HTML page.
 *
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each file (`apps/web/vite-plugins/precompress.ts`);
 * the copy the request's `Accept-Encoding` allows is sent as it is (br first, then gzip, else the file itself), so
 * no CPU is spent compressing at request time. Media files are served as they are: video and images do not shrink.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.js';
import { sendRouteNotFound } from './envelope.js';
import { unmatchedZone } from './route-zone.js';

/** The precompressed copies the build writes, in order of preference. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

interface PageVariant {
  body: Buffer;
  etag: string;
}

/** index.html and its precompressed copies, read once: it is small and, like the routes of the assets, fixed per build. */
interface IndexPage {
  identity: PageVariant;
  encoded: Partial<Record<Encoding, PageVariant>>;
}

function variant(body: Buffer, suffix: string): PageVariant {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}${suffix}"` };
}

export function loadIndexPage(webDistDir: string): IndexPage {
  const file = path.join(webDistDir, 'index.html');
  const page: IndexPage = { identity: variant(fs.readFileSync(file), ''), encoded: {} };
  for (const { name, extension } of ENCODINGS) {
    if (fs.existsSync(file + extension)) page.encoded[name] = variant(fs.readFileSync(file + extension), `-${name}`);
  }
  return page;
}

function sendIndexPage(request: FastifyRequest, reply: FastifyReply, page: IndexPage) {
  const offered = ENCODINGS.map((encoding) => encoding.name).filter((name) => page.encoded[name]);
  const accepted = request.headers['accept-encoding'];
  const encoding = accepted && offered.length > 0 ? negotiate(accepted, offered) : null;
  const chosen = (encoding && page.encoded[encoding]) || page.identity;
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .header('etag', chosen.etag);
  const known = request.headers['if-none-match']?.split(',').map((tag) => tag.trim());
  if (known?.includes(chosen.etag)) return reply.code(304).send();
  if (encoding && chosen !== page.identity) reply.header('content-encoding', encoding);
  return reply.send(chosen.body);
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
      globIgnore: ENCODINGS.map(({ extension }) => `**/*${extension}`),
      // Hashed assets never change; index.html must always be fresh so a deploy is picked up.
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' && unmatchedZone(request.url) === 'other' && !API_REFERENCE_LIKE.test(request.url);
    if (indexPage && wantsPage && !path.extname(request.url.split('?')[0] ?? '')) {
      return sendIndexPage(request, reply, indexPage);
    }
    return sendRouteNotFound(reply);
  });
}
