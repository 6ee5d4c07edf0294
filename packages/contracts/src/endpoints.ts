/**
 * Every endpoint of the product, domain by domain (ADR 0031): the server registers exactly these, and the OpenAPI
 * documents list exactly these.
 */
import type { EndpointSpec } from './endpoint.js';
import { docsApi } from './docs/docs.endpoints.js';
import { orderApi } from './order/order.endpoints.js';
import { taskApi } from './task/task.endpoints.js';
import { promotionApi } from './promotion/promotion.endpoints.js';
import { creditApi } from './credit/credit.endpoints.js';
import { opsSettlementApi, settlementApi } from './settlement/settlement.endpoints.js';
import { opsWithdrawalApi, withdrawalApi } from './withdrawal/withdrawal.endpoints.js';
import { opsPaymentApi } from './payment/payment.endpoints.js';
import { opsReconciliationApi } from './reconciliation/reconciliation.endpoints.js';

export const endpointTable: readonly EndpointSpec[] = [
  orderApi,
  taskApi,
  promotionApi,
  creditApi,
  settlementApi,
  opsSettlementApi,
  withdrawalApi,
  opsWithdrawalApi,
  opsPaymentApi,
  opsReconciliationApi,
  docsApi,
].flatMap((domain) => Object.values(domain));
