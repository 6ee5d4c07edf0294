/**
 * Serves the built web app at `/` (with index.html for client-side routes) and local media under `/media/`.
 * Unknown API paths answer in the envelope, never with the HTML page.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import { sendRouteNotFound } from './envelope.js';
import { unmatchedZone } from './route-zone.js';

export async function registerWeb(app: FastifyInstance, config: AppConfig): Promise<void> {
  fs.mkdirSync(config.mediaDir, { recursive: true });
  // This registration decorates `reply.sendFile`, which downloads also use (Range, 206, 416 handled by send).
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    maxAge: '7d',
  });

  const indexFile = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      decorateReply: false,
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
    const wantsPage = request.method === 'GET' && unmatchedZone(request.url) === 'other';
    if (hasWeb && wantsPage && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply
        .header('cache-control', 'no-cache')
        .sendFile('index.html', config.webDistDir, { cacheControl: false });
    }
    return sendRouteNotFound(reply);
  });
}
