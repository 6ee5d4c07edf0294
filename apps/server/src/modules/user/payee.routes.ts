/**
 * Payee accounts and the service agreement: `update_bank`, `update_alipay`, `get_sign_contract`,
 * `sign_contract`, and `payee_accounts` (the creator's own accounts, masked).
 */
import { userApi } from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { route } from '../../plugins/endpoint-route.js';
import { moneyProofOf } from '../verification/money-session.service.js';
import type { ContractService } from './contract.service.js';
import type { PayeeService } from './payee.service.js';

export function payeeRoutes(payees: PayeeService, contracts: ContractService): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, userApi.updateBank, async (request) =>
      payees.updateBank(identityOf(request).agentId, request.body, moneyProofOf(request, request.body.code)),
    );
    route(app, userApi.updateAlipay, async (request) =>
      payees.updateAlipay(identityOf(request).agentId, request.body, moneyProofOf(request, request.body.code)),
    );
    route(app, userApi.payeeAccounts, async (request) => ({ data: await payees.list(identityOf(request).agentId) }));
    route(app, userApi.contractInfo, async (request) => contracts.info(identityOf(request).agentId));
    route(app, userApi.signContract, async (request) =>
      contracts.sign(identityOf(request).agentId, moneyProofOf(request, request.body.code), request.ip),
    );
  };
}
