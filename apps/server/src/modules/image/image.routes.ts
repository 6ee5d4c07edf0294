/** `POST /agent/v1/upload/image` (the raw image as the body) and `GET /ai/v1/files/images/{name}`. */
import { IMAGE_MAX_BYTES, uploadImageResponseSchema } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appError } from '../../errors.js';
import { identityOf } from '../../plugins/auth.js';
import { ok, okSchema } from '../../plugins/envelope.js';
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

    app.post(
      '/agent/v1/upload/image',
      {
        onRequest: app.authenticate,
        bodyLimit: IMAGE_MAX_BYTES * 4,
        schema: { response: okSchema(uploadImageResponseSchema) },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw appError('imageInvalid');
        return ok(await images.store(identityOf(request).agentId, request.body), '上传成功');
      },
    );

    app.get(
      '/ai/v1/files/images/:name',
      { schema: { params: z.object({ name: z.string().max(80) }) } },
      async (request, reply) => {
        const file = await images.open(request.params.name);
        if (!file) throw appError('notFound', '图片不存在');
        reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'public, max-age=31536000, immutable');
        return reply.send(await images.storage.read(file.key));
      },
    );
  };
}
