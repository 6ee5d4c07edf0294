/** Money coming back out through Alipay: refunds of over-payments. */
import { defineModule } from '../../compose/module.js';
import { RefundRepository } from './refund.repository.js';
import { refundRoutes } from './refund.routes.js';
import { RefundService } from './refund.service.js';

export const paymentModule = defineModule()(
  'payment',
  ({ database, alipay, clock, log }) => ({
    refunds: new RefundService(new RefundRepository(database.db), alipay, clock, log),
  }),
  {
    jobs: ({ refunds }) => ({
      'payment.refund-sweep': async (_input, { log }) => {
        const tried = await refunds.processDue();
        if (tried > 0) log.info({ tried }, 'pending refunds tried');
      },
    }),
    routes: (app, { refunds }) => app.register(refundRoutes(refunds)),
  },
);
