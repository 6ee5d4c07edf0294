/** 智能运营: promotion suggestions, the creator's best platform and hour, and their publishing calendar. */
import type { ContentService } from '../content/content.service.js';
import type { TaskService } from '../task/task.service.js';
import { defineModule } from '../../compose/module.js';
import { OperateFiguresRepository } from './operate-figures.repository.js';
import { OperateRepository } from './operate.repository.js';
import { operateRoutes } from './operate.routes.js';
import { OperateService } from './operate.service.js';

export const operateModule = defineModule<{ content: ContentService; tasks: TaskService }>()(
  'operate',
  ({ database, clock, content, tasks }) => ({
    operate: new OperateService(
      database,
      new OperateRepository(database.db),
      new OperateFiguresRepository(database.db),
      content,
      tasks,
      clock,
    ),
  }),
  {
    routes: (app, { operate }) => app.register(operateRoutes(operate)),
  },
);
