/** Uploaded covers and avatars, kept in the media storage under `images/`. */
import { defineModule } from '../../compose/module.js';
import { ImageRepository } from './image.repository.js';
import { imageRoutes } from './image.routes.js';
import { ImageService } from './image.service.js';

export const imageModule = defineModule()(
  'image',
  ({ database, storage, clock, config }) => ({
    images: new ImageService(database, new ImageRepository(database.db), storage, clock, config.images),
  }),
  {
    jobs: ({ images }) => ({
      'image.cleanup': async (_input, { log }) => {
        const removed = await images.removeUnused();
        if (removed > 0) log.info({ removed }, 'unused images removed');
      },
    }),
    routes: (app, { images }) => app.register(imageRoutes(images)),
  },
);
