/** Task center calls: task page and info, episode list, info and download. */
import { taskApi } from '@cc/contracts';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../content-disposition.js';
import { appError } from '../../errors.js';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { offsetOf, paged } from '../paging.js';
import type { TaskService } from './task.service.js';
import { toEpisode } from './task.service.js';

export function taskRoutes(tasks: TaskService, mediaDir: string): FastifyPluginAsyncZod {
  return async (app) => {
    // Anyone may browse; a logged-in creator also sees which tasks they received.
    route(
      app,
      taskApi.page,
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
        return paged(data, total, query);
      },
      { onRequest: app.identify },
    );

    route(app, taskApi.info, async (request) => tasks.info(request.query.task_id, identityOf(request).agentId));

    route(app, taskApi.episodeList, async (request) => {
      const { limit, offset } = offsetOf(request.query);
      const { data, total } = await tasks.episodes(request.query, limit, offset);
      return paged(data, total, request.query);
    });

    route(app, taskApi.episodeInfo, async (request) => toEpisode(await tasks.episode(request.query.episode_id)));

    route(app, taskApi.episodeDownload, async (request, reply) => {
      const episode = await tasks.episode(request.query.episode_id);
      if (!episode.media_path || !fs.existsSync(path.join(mediaDir, episode.media_path))) {
        throw appError('episodeNoMedia');
      }
      const extension = path.extname(episode.media_path) || '.mp4';
      const fileName = `${episode.serial_name} 第${episode.number}集${extension}`;
      reply.header('content-disposition', contentDisposition(fileName));
      reply.header('cache-control', 'private, no-store');
      return reply.sendFile(episode.media_path, mediaDir);
    });
  };
}
