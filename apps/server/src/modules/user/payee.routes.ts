/**
 * Payee accounts and the service agreement (spec §7): `update_bank`, `update_alipay`, `get_sign_contract`,
 * `sign_contract`, and `payee_accounts` (the creator's own accounts, masked).
 */
import {
  payeeAccountListSchema,
  payeeAccountSchema,
  signContractInfoSchema,
  signContractRequestSchema,
  signContractResponseSchema,
  updateAlipayRequestSchema,
  updateBankRequestSchema,
} from '@cc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { identityOf } from '../../plugins/auth.js';
import { ok, okSchema } from '../../plugins/envelope.js';
import { moneyProofOf } from '../auth/money-session.service.js';
import type { ContractService } from './contract.service.js';
import type { PayeeService } from './payee.service.js';

export function payeeRoutes(payees: PayeeService, contracts: ContractService): FastifyPluginAsyncZod {
  return async (app) => {
    const authed = { onRequest: app.authenticate };

    app.post(
      '/agent/v1/user/update_bank',
      { ...authed, schema: { body: updateBankRequestSchema, response: okSchema(payeeAccountSchema) } },
      async (request) =>
        ok(
          await payees.updateBank(identityOf(request).agentId, request.body, moneyProofOf(request, request.body.code)),
          '银行卡已保存',
        ),
    );

    app.post(
      '/agent/v1/user/update_alipay',
      { ...authed, schema: { body: updateAlipayRequestSchema, response: okSchema(payeeAccountSchema) } },
      async (request) =>
        ok(
          await payees.updateAlipay(
            identityOf(request).agentId,
            request.body,
            moneyProofOf(request, request.body.code),
          ),
          '支付宝账户已保存',
        ),
    );

    app.get(
      '/agent/v1/user/payee_accounts',
      { ...authed, schema: { response: okSchema(payeeAccountListSchema) } },
      async (request) => ok({ data: await payees.list(identityOf(request).agentId) }),
    );

    app.get(
      '/agent/v1/user/get_sign_contract',
      { ...authed, schema: { response: okSchema(signContractInfoSchema) } },
      async (request) => ok(await contracts.info(identityOf(request).agentId)),
    );

    app.post(
      '/agent/v1/user/sign_contract',
      { ...authed, schema: { body: signContractRequestSchema, response: okSchema(signContractResponseSchema) } },
      async (request) =>
        ok(
          await contracts.sign(identityOf(request).agentId, moneyProofOf(request, request.body.code), request.ip),
          '协议签署成功',
        ),
    );
  };
}
