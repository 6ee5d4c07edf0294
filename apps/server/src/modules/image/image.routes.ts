/** `POST /agent/v1/upload/image` (the raw image as the body) and `GET /ai/v1/files/images/{name}`. */
import { IMAGE_MAX_BYTES, imageApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appError } from '../../errors.js';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import type { ImageService } from './image.service.js';

export function imageRoutes(images: ImageService): FastifyPluginAsyncZod {
  return async (app) => {
    // Any declared type reaches the service, which judges by the bytes; over four times the limit is cut off unread.
    app.addContentTypeParser(/^image\//, { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES * 4 }, (_r, body, done) =>
      done(null, body),
    );
    app.addContentTypeParser(
      'application/octet-stream',
      { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES * 4 },
      (_r, body, done) => done(null, body),
    );

    route(
      app,
      imageApi.upload,
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw appError('imageInvalid');
        return images.store(identityOf(request).agentId, request.body);
      },
      { bodyLimit: IMAGE_MAX_BYTES * 4 },
    );

    route(app, imageApi.file, async (request, reply) => {
      const file = await images.open(request.params.name);
      if (!file) throw appError('notFound', '图片不存在');
      reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable');
      return reply.send(await images.storage.read(file.key));
    });
  };
}
