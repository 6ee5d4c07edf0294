/** The demo apps' landing pages, and (outside production) their recharge button that reports a partner order. */
import { defineModule } from '../compose/module.js';
import type { PartnerAppService } from '../modules/settlement/partner-app.service.js';
import type { TaskService } from '../modules/task/task.service.js';
import { demoLandingRoutes } from './demo-landing.routes.js';
import { demoRechargeRoutes } from './demo-recharge.routes.js';

export const demoModule = defineModule<{ tasks: TaskService; partnerApps: PartnerAppService }>()('demo', () => ({}), {
  routes: async (app, { config, clock, tasks, partnerApps }) => {
    await app.register(demoLandingRoutes((serialId) => tasks.serialName(serialId)));
    if (config.env !== 'production') await app.register(demoRechargeRoutes(partnerApps, clock));
  },
});
