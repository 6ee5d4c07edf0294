/** Money through Alipay for orders: the trades buyers pay, their notifications and cancels, and refunds. */
import { defineModule } from '../../compose/module.js';
import { AlipayTradeRepository } from './alipay-trade.repository.js';
import { alipayNotifyRoutes } from './alipay-trade.routes.js';
import { AlipayTradeService } from './alipay-trade.service.js';
import { RefundRepository } from './refund.repository.js';
import { refundRoutes } from './refund.routes.js';
import { RefundService } from './refund.service.js';

export const paymentModule = defineModule()(
  'payment',
  ({ database, alipay, clock, log }) => {
    const refunds = new RefundService(new RefundRepository(database.db), alipay, clock, log);
    const alipayTrades = new AlipayTradeService({
      trades: new AlipayTradeRepository(database.db),
      refunds,
      alipay,
      clock,
      log,
    });
    return { refunds, alipayTrades };
  },
  {
    jobs: ({ refunds, alipayTrades }) => ({
      'payment.cancel-sweep': async (_input, { log }) => {
        const tried = await alipayTrades.cancelDueTrades();
        if (tried > 0) log.info({ tried }, 'ended trades cancelled at Alipay');
      },
      'payment.refund-sweep': async (_input, { log }) => {
        const tried = await refunds.processDue();
        if (tried > 0) log.info({ tried }, 'pending refunds tried');
      },
    }),
    routes: async (app, { refunds, alipayTrades, config }) => {
      await app.register(refundRoutes(refunds));
      await app.register(alipayNotifyRoutes(alipayTrades, { notifyPerIp: config.rateLimit.notifyPerIp }));
    },
  },
);
