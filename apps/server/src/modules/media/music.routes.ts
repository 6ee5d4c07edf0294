/**
 * The music library's routes: operators' `/ops/v1/music` (list, upload as the raw request body, restyle or rename,
 * delete), the creators' `GET /ai/v1/music` by style, and the signed preview file `/ai/v1/files/music/{id}`.
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MUSIC_MAX_FILE_BYTES, musicApi, opsMusicApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appError } from '../../errors.js';
import { route } from '../../plugins/endpoint-route.js';
import { sendRange } from './media.routes.js';
import type { MusicService } from './music.service.js';

const TOO_LARGE = `配乐文件过大，不能超过 ${MUSIC_MAX_FILE_BYTES / 1024 / 1024}MB`;

/** Writes a request body to `file`, refusing it once it passes the limit (the rest is not read). */
async function saveBody(body: Readable, file: string): Promise<void> {
  let received = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > MUSIC_MAX_FILE_BYTES ? appError('payloadTooLarge', TOO_LARGE) : null, chunk);
    },
  });
  await pipeline(body, limit, createWriteStream(file));
}

export function musicRoutes(music: MusicService): FastifyPluginAsyncZod {
  return async (app) => {
    // The body is streamed to a file as it comes; any declared type reaches the probe, which judges by the bytes.
    for (const type of ['application/octet-stream', /^audio\//]) {
      app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
    }

    route(app, opsMusicApi.opsMusicList, async (request) => ({ data: await music.list(request.query.style) }));

    route(
      app,
      opsMusicApi.opsMusicAdd,
      async (request) => {
        const body = request.body as Readable | undefined;
        if (!body || typeof body.pipe !== 'function') throw appError('musicFileInvalid');
        const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cc-music-upload-'));
        try {
          const file = path.join(dir, 'upload');
          await saveBody(body, file);
          return await music.add({ style: request.query.style, name: request.query.name, file });
        } finally {
          await fs.rm(dir, { recursive: true, force: true });
        }
      },
      { bodyLimit: MUSIC_MAX_FILE_BYTES },
    );

    route(app, opsMusicApi.opsMusicUpdate, async (request) => music.update(request.params.id, request.body));

    route(app, opsMusicApi.opsMusicDelete, async (request) => {
      await music.delete(request.params.id);
      return null;
    });

    route(app, musicApi.musicStyles, async () => ({ data: await music.styles() }));

    /** Signed links: no bearer (an `<audio>` cannot send one), the signature is the authority. */
    route(app, musicApi.musicFile, async (request, reply) => {
      const { id } = request.params;
      if (!music.verifyLink(id, request.query.exp, request.query.sig)) throw appError('mediaLinkInvalid');
      const { key, contentType } = await music.fileOf(id);
      const size = await music.storage.size(key);
      if (size === null) throw appError('musicTrackNotFound');
      reply
        .header('accept-ranges', 'bytes')
        .header('content-type', contentType)
        .header('cache-control', 'private, max-age=3600');
      return sendRange(reply, music.storage, key, size, request.headers.range);
    });
  };
}
