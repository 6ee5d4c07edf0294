/**
 * The media library: resumable uploads of videos, subtitle files and audio, processing (probe, poster, sprite;
 * parsing), the catalogue's episodes, quotas; and the music library of narration's background tracks.
 */
import { createHash } from 'node:crypto';
import type { TaskService } from '../task/task.service.js';
import { StreamSlots } from '../../plugins/stream-slots.js';
import { defineModule } from '../../compose/module.js';
import { appJobSpecs, jobKeys } from '../../jobs/app-jobs.js';
import { MediaRepository } from './media.repository.js';
import { mediaRoutes } from './media.routes.js';
import { MediaService } from './media.service.js';
import { MusicRepository } from './music.repository.js';
import { musicRoutes } from './music.routes.js';
import { MusicService } from './music.service.js';
import { SignedLinks } from './signed-links.js';

export const mediaModule = defineModule<{ tasks: TaskService }>()(
  'media',
  ({ database, storage, clock, log, config, jobs, tasks }) => {
    const links = new SignedLinks(createHash('sha256').update(`media-links:${config.appSecret}`).digest(), clock);
    const music = new MusicService({ music: new MusicRepository(database.db), storage, links, clock, log });
    return {
      music,
      media: new MediaService({
        database,
        media: new MediaRepository(database.db),
        storage,
        catalogue: tasks,
        catalogueDir: config.mediaDir,
        links,
        music,
        quotaBytes: config.media.quotaBytes,
        maxFileBytes: config.media.maxFileBytes,
        uploadExpiryMs: config.media.uploadExpiryMs,
        enqueueProcess: (mediaId: number): Promise<string> =>
          jobs.enqueue('media.process', { media_id: mediaId }, { key: jobKeys.mediaProcess(mediaId) }),
        clock,
        log,
      }),
    };
  },
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
    routes: async (app, { media, music, config }) => {
      await app.register(
        mediaRoutes(media, {
          maxFileBytes: config.media.maxFileBytes,
          corsOrigins: config.corsOrigins,
          uploadWrites: new StreamSlots(config.media.uploadWrites, 'uploadWritesLimit'),
        }),
      );
      await app.register(musicRoutes(music));
    },
  },
);
