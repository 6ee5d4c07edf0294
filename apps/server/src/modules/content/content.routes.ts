/** `GET /agent/v1/program/poster` (support popover) and `GET /agent/v1/template/{id}` (help markdown). */
import { posterSchema, templateParamsSchema, templateSchema } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appError } from '../../errors.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import type { ContentRepository } from './content.repository.js';

export function contentRoutes(content: ContentRepository): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/agent/v1/program/poster', { schema: { response: okSchema(posterSchema) } }, async () => {
      const poster = await content.activePoster();
      if (!poster) throw appError('notFound', '暂无客服二维码');
      return ok(poster);
    });

    app.get(
      '/agent/v1/template/:id',
      { schema: { params: templateParamsSchema, response: okSchema(templateSchema) } },
      async (request) => {
        const template = await content.templateById(request.params.id);
        if (!template) throw appError('notFound', '帮助内容不存在');
        return ok({ ...template, updated_at: new Date(template.updated_at).toISOString() });
      },
    );
  };
}
