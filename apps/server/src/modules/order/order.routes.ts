/** Points order calls (create, pay, poll, change the pay type, cancel) and the wallet summary (`can_out`). */
import { fenToYuan, orderApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { moneyProofOf } from '../verification/money-session.service.js';
import type { WalletService } from '../withdrawal/wallet.service.js';
import type { OrderService } from './order.service.js';

export function orderRoutes(orders: OrderService, wallet: WalletService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, orderApi.create, async (request) =>
      orders.create(identityOf(request).agentId, request.body.pro_id, request.body.pay_channel),
    );
    route(app, orderApi.status, async (request) => orders.status(identityOf(request).agentId, request.query.order_no));
    route(app, orderApi.changePayType, async (request) =>
      orders.changePayType(identityOf(request).agentId, request.query.order_no, request.query.pay_type),
    );
    route(app, orderApi.resetQrCode, async (request) =>
      orders.resetQrCode(identityOf(request).agentId, request.query.order_no),
    );
    route(app, orderApi.cancel, async (request) => orders.cancel(identityOf(request).agentId, request.query.order_no));
    route(app, orderApi.walletPay, async (request) =>
      orders.walletPay(identityOf(request).agentId, request.body.order_no, moneyProofOf(request, request.body.code)),
    );
    route(app, orderApi.walletIncome, async (request) => ({
      can_out: fenToYuan(await wallet.canOutFen(identityOf(request).agentId)),
    }));
  };
}
