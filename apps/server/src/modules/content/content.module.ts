/** The catalogue's shop window: apps, banners, help, notices, the support contact. */
import { defineModule } from '../../compose/module.js';
import { ContentRepository } from './content.repository.js';
import { contentRoutes } from './content.routes.js';
import { ContentService } from './content.service.js';

export const contentModule = defineModule()(
  'content',
  ({ database, clock, config }) => ({
    content: new ContentService(new ContentRepository(database.db), clock, config.supportWechatId),
  }),
  {
    routes: (app, { content }) => app.register(contentRoutes(content)),
  },
);
