/** Applications to become a certified creator. */
import type { SmsCodeService } from '../verification/sms-code.service.js';
import { defineModule } from '../../compose/module.js';
import { ApplyRepository } from './apply.repository.js';
import { applyRoutes } from './apply.routes.js';
import { ApplyService } from './apply.service.js';

export const applyModule = defineModule<{ smsCodes: SmsCodeService }>()(
  'apply',
  ({ database, clock, smsCodes }) => ({
    applications: new ApplyService(database, new ApplyRepository(database.db), smsCodes, clock),
  }),
  {
    routes: (app, { applications }) => app.register(applyRoutes(applications)),
  },
);
