/** Received tasks, promotion links and short-link visits. */
import type { ChannelService } from '../channel/channel.service.js';
import type { TaskService } from '../task/task.service.js';
import { defineModule } from '../../compose/module.js';
import { PromotionRepository } from './promotion.repository.js';
import { promotionRoutes } from './promotion.routes.js';
import { PromotionService } from './promotion.service.js';

export const promotionModule = defineModule<{ tasks: TaskService; channels: ChannelService }>()(
  'promotion',
  ({ database, clock, config, log, lifecycle, tasks, channels }) => {
    const promotions = new PromotionService(
      database,
      new PromotionRepository(database.db, database.kind),
      tasks,
      channels,
      clock,
      {
        publicBaseUrl: config.publicBaseUrl,
        secret: config.appSecret,
        clickCapPerIpPerDay: config.clickCapPerIpPerDay,
      },
      log,
    );
    // Short-link visits are written in batches every second; a graceful stop writes what waits (close hooks run
    // last-in first-out, so this runs before the database closes).
    promotions.startRecordingVisits();
    lifecycle.onClose(() => promotions.closeVisits());
    return { promotions };
  },
  {
    routes: (app, { promotions }) => app.register(promotionRoutes(promotions)),
  },
);
