/** Development-only routes: the console SMS driver's outbox and the Alipay sandbox's gateway and cashier. */
import { defineModule } from '../../compose/module.js';
import { registerAlipaySandbox } from '../../providers/payment/alipay-sandbox.js';
import { ConsoleSmsDriver } from '../../providers/sms/console-sms.js';
import { devRoutes } from './dev.routes.js';

export const devModule = defineModule()('dev', () => ({}), {
  routes: async (app, { config, smsDriver, alipaySandbox }) => {
    if (alipaySandbox) registerAlipaySandbox(app, alipaySandbox);
    if (config.env !== 'production' && smsDriver instanceof ConsoleSmsDriver) await app.register(devRoutes(smsDriver));
  },
});
