/** Orders for point packages, paid by Alipay or from the wallet. */
import type { CreditService } from '../credit/credit.service.js';
import type { PackageService } from '../credit/package.service.js';
import type { RefundService } from '../payment/refund.service.js';
import type { UserService } from '../user/user.service.js';
import type { MoneySessionService } from '../verification/money-session.service.js';
import type { TaxWithholding } from '../withdrawal/tax-withholding.js';
import type { WalletService } from '../withdrawal/wallet.service.js';
import { defineModule } from '../../compose/module.js';
import { OrderRepository } from './order.repository.js';
import { orderRoutes } from './order.routes.js';
import { OrderService } from './order.service.js';

export const orderModule = defineModule<{
  packages: PackageService;
  credits: CreditService;
  wallet: WalletService;
  taxes: TaxWithholding;
  moneySessions: MoneySessionService;
  users: UserService;
  refunds: RefundService;
}>()(
  'order',
  ({ database, clock, log, config, alipay, ...needs }) => ({
    orders: new OrderService({
      database,
      orders: new OrderRepository(database.db),
      packages: needs.packages,
      credits: needs.credits,
      wallet: needs.wallet,
      taxes: needs.taxes,
      moneySessions: needs.moneySessions,
      users: needs.users,
      alipay,
      refunds: needs.refunds,
      clock,
      log,
      publicBaseUrl: config.publicBaseUrl,
    }),
  }),
  {
    jobs: ({ orders }) => ({
      // Isolating each order (own try/catch, oldest first) is expireDue's duty, as for every sweep (job-table.ts).
      'order.timeout-sweep': async (_input, { log }) => {
        const expired = await orders.expireDue();
        if (expired > 0) log.info({ expired }, 'pending orders timed out');
      },
      'payment.cancel-sweep': async (_input, { log }) => {
        const tried = await orders.cancelDueTrades();
        if (tried > 0) log.info({ tried }, 'ended trades cancelled at Alipay');
      },
    }),
    routes: (app, { orders, wallet, config }) =>
      app.register(orderRoutes(orders, wallet, { notifyPerIp: config.rateLimit.notifyPerIp })),
  },
);
