/** Task center calls of spec §7: task page and info, episode list, info and download. */
import {
  episodeInfoQuerySchema,
  episodeListQuerySchema,
  episodeSchema,
  pagedSchema,
  taskCardSchema,
  taskInfoQuerySchema,
  taskInfoSchema,
  taskPageQuerySchema,
} from '@cc/contracts';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../content-disposition.js';
import { appError } from '../../errors.js';
import { identityOf } from '../../plugins/auth.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import { offsetOf, paged } from '../paging.js';
import type { TaskService } from './task.service.js';
import { toEpisode } from './task.service.js';

export function taskRoutes(tasks: TaskService, mediaDir: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/agent/v1/task/page',
      {
        onRequest: app.identify,
        schema: { querystring: taskPageQuerySchema, response: okSchema(pagedSchema(taskCardSchema)) },
      },
      async (request) => {
        const query = request.query;
        const { data, total } = await tasks.page(
          {
            taskType: query.task_type,
            appId: query.app_id,
            keyword: query.keyword,
            sort: query.sort,
            ...offsetOf(query),
          },
          request.identity?.agentId ?? null,
        );
        return ok(paged(data, total, query));
      },
    );

    app.get(
      '/agent/v1/task/info',
      { onRequest: app.authenticate, schema: { querystring: taskInfoQuerySchema, response: okSchema(taskInfoSchema) } },
      async (request) => ok(await tasks.info(request.query.task_id, identityOf(request).agentId)),
    );

    app.get(
      '/agent/v1/episode/list',
      {
        onRequest: app.authenticate,
        schema: { querystring: episodeListQuerySchema, response: okSchema(pagedSchema(episodeSchema)) },
      },
      async (request) => {
        const { limit, offset } = offsetOf(request.query);
        const { data, total } = await tasks.episodes(request.query, limit, offset);
        return ok(paged(data, total, request.query));
      },
    );

    app.get(
      '/agent/v1/episode/info',
      {
        onRequest: app.authenticate,
        schema: { querystring: episodeInfoQuerySchema, response: okSchema(episodeSchema) },
      },
      async (request) => ok(toEpisode(await tasks.episode(request.query.episode_id))),
    );

    app.get(
      '/agent/v1/episode/download',
      { onRequest: app.authenticate, schema: { querystring: episodeInfoQuerySchema } },
      async (request, reply) => {
        const episode = await tasks.episode(request.query.episode_id);
        if (!episode.media_path || !fs.existsSync(path.join(mediaDir, episode.media_path))) {
          throw appError('episodeNoMedia');
        }
        const extension = path.extname(episode.media_path) || '.mp4';
        const fileName = `${episode.serial_name} 第${episode.number}集${extension}`;
        reply.header('content-disposition', contentDisposition(fileName));
        reply.header('cache-control', 'private, no-store');
        return reply.sendFile(episode.media_path, mediaDir);
      },
    );
  };
}
