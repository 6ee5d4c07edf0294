/** A creator's filed media channels (platform accounts) and their review. */
import type { ImageService } from '../image/image.service.js';
import { defineModule } from '../../compose/module.js';
import { ChannelRepository } from './channel.repository.js';
import { channelRoutes } from './channel.routes.js';
import { ChannelService } from './channel.service.js';

export const channelModule = defineModule<{ images: ImageService }>()(
  'channel',
  ({ database, clock, images }) => {
    const channels = new ChannelService(database, new ChannelRepository(database.db), images, clock);
    images.addUsageCheck((names) => channels.imagesUsedAsCovers(names));
    return { channels };
  },
  {
    routes: (app, { channels }) => app.register(channelRoutes(channels)),
  },
);
