/** Promotion tasks, their serials and episodes. */
import { defineModule } from '../../compose/module.js';
import { TaskRepository } from './task.repository.js';
import { taskRoutes } from './task.routes.js';
import { TaskService } from './task.service.js';

export const taskModule = defineModule()(
  'task',
  ({ database, clock }) => ({ tasks: new TaskService(new TaskRepository(database.db), clock) }),
  {
    routes: (app, { tasks, config }) => app.register(taskRoutes(tasks, config.mediaDir)),
  },
);
