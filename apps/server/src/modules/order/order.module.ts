/** Orders for point packages, paid by Alipay (through payment's trades) or from the wallet. */
import type { CreditService } from '../credit/credit.service.js';
import type { PackageService } from '../credit/package.service.js';
import type { AlipayTradeService } from '../payment/alipay-trade.service.js';
import type { UserService } from '../user/user.service.js';
import type { MoneySessionService } from '../verification/money-session.service.js';
import type { TaxWithholding } from '../withdrawal/tax-withholding.js';
import type { WalletService } from '../withdrawal/wallet.service.js';
import { defineModule } from '../../compose/module.js';
import { OrderCompletion } from './order-completion.js';
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
  alipayTrades: AlipayTradeService;
}>()(
  'order',
  ({ database, clock, log, config, credits, wallet, taxes, alipayTrades, ...needs }) => {
    const repository = new OrderRepository(database.db);
    const completion = new OrderCompletion({ database, orders: repository, credits, wallet, taxes, clock });
    // A paid trade completes its order under the order's lock: payment reaches orders only through this port.
    alipayTrades.serveOrders(completion);
    return {
      orders: new OrderService({
        database,
        orders: repository,
        completion,
        trades: alipayTrades,
        packages: needs.packages,
        wallet,
        taxes,
        moneySessions: needs.moneySessions,
        users: needs.users,
        clock,
        log,
        publicBaseUrl: config.publicBaseUrl,
      }),
    };
  },
  {
    jobs: ({ orders }) => ({
      // Isolating each order (own try/catch, oldest first) is expireDue's duty, as for every sweep (job-table.ts).
      'order.timeout-sweep': async (_input, { log }) => {
        const expired = await orders.expireDue();
        if (expired > 0) log.info({ expired }, 'pending orders timed out');
      },
    }),
    routes: (app, { orders, wallet }) => app.register(orderRoutes(orders, wallet)),
  },
);
