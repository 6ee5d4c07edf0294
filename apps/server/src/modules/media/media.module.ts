/** The media library: resumable uploads, processing (probe, poster, sprite), the catalogue's episodes, quotas. */
import { createHash } from 'node:crypto';
import type { TaskService } from '../task/task.service.js';
import { StreamSlots } from '../../plugins/stream-slots.js';
import { defineModule } from '../../compose/module.js';
import { appJobSpecs, jobKeys } from '../../jobs/app-jobs.js';
import { MediaRepository } from './media.repository.js';
import { mediaRoutes } from './media.routes.js';
import { MediaService } from './media.service.js';

export const mediaModule = defineModule<{ tasks: TaskService }>()(
  'media',
  ({ database, storage, clock, log, config, jobs, tasks }) => ({
    media: new MediaService({
      database,
      media: new MediaRepository(database.db),
      storage,
      catalogue: tasks,
      catalogueDir: config.mediaDir,
      linkSecret: createHash('sha256').update(`media-links:${config.appSecret}`).digest(),
      quotaBytes: config.media.quotaBytes,
      maxFileBytes: config.media.maxFileBytes,
      uploadExpiryMs: config.media.uploadExpiryMs,
      enqueueProcess: (mediaId: number): Promise<string> =>
        jobs.enqueue('media.process', { media_id: mediaId }, { key: jobKeys.mediaProcess(mediaId) }),
      clock,
      log,
    }),
  }),
  {
    jobs: ({ media }) => ({
      'media.process': async ({ media_id }, { attempt }) => {
        try {
          await media.process(media_id);
        } catch (error) {
          // The last attempt: the item must not stay 处理中 for ever, holding its quota.
          if (attempt >= appJobSpecs['media.process'].retry.attempts) await media.processingGaveUp(media_id);
          throw error;
        }
      },
      'media.upload-sweep': async (_input, { log }) => {
        const removed = await media.removeExpiredUploads();
        if (removed > 0) log.info({ removed }, 'expired uploads removed');
      },
    }),
    routes: (app, { media, config }) =>
      app.register(
        mediaRoutes(media, {
          maxFileBytes: config.media.maxFileBytes,
          corsOrigins: config.corsOrigins,
          uploadWrites: new StreamSlots(config.media.uploadWrites, 'uploadWritesLimit'),
        }),
      ),
  },
);
