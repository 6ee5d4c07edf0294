/**
 * Every endpoint of the product, domain by domain (ADR 0031): the server registers exactly these, and the OpenAPI
 * documents list exactly these, in this order.
 */
import type { EndpointSpec } from './endpoint.js';
import { applyApi, opsApplyApi } from './apply/apply.endpoints.js';
import { authApi } from './auth/auth.endpoints.js';
import { channelApi, opsChannelApi } from './channel/channel.endpoints.js';
import { contentApi } from './content/content.endpoints.js';
import { demoLandingApi } from './content/demo-landing.endpoints.js';
import { creditApi } from './credit/credit.endpoints.js';
import { alipaySandboxApi } from './dev/alipay-sandbox.endpoints.js';
import { devApi } from './dev/dev.endpoints.js';
import { docsApi } from './docs/docs.endpoints.js';
import { imageApi } from './image/image.endpoints.js';
import { opsJobApi } from './jobs/jobs.endpoints.js';
import { opsOperatorApi } from './operator/operator.endpoints.js';
import { operateApi } from './operate/operate.endpoints.js';
import { mediaApi, musicApi, opsMusicApi } from './media/media.endpoints.js';
import { orderApi } from './order/order.endpoints.js';
import { opsPaymentApi } from './payment/payment.endpoints.js';
import { platformApi } from './platform/platform.endpoints.js';
import { promotionApi } from './promotion/promotion.endpoints.js';
import { opsReconciliationApi } from './reconciliation/reconciliation.endpoints.js';
import { opsSettlementApi, settlementApi } from './settlement/settlement.endpoints.js';
import { taskApi } from './task/task.endpoints.js';
import { teamApi } from './team/team.endpoints.js';
import { parseApi } from './tool/parse.endpoints.js';
import { toolApi } from './tool/tool.endpoints.js';
import { commentaryApi } from './tool/commentary.endpoints.js';
import { userApi } from './user/user.endpoints.js';
import { opsWithdrawalApi, withdrawalApi } from './withdrawal/withdrawal.endpoints.js';

export const endpointTable: readonly EndpointSpec[] = [
  // The creator's API.
  authApi,
  userApi,
  contentApi,
  taskApi,
  promotionApi,
  applyApi,
  channelApi,
  teamApi,
  creditApi,
  orderApi,
  settlementApi,
  withdrawalApi,
  mediaApi,
  musicApi,
  imageApi,
  toolApi,
  parseApi,
  commentaryApi,
  operateApi,
  // Partners, payment providers, pages and the platform.
  demoLandingApi,
  platformApi,
  docsApi,
  // Operators.
  opsOperatorApi,
  opsApplyApi,
  opsChannelApi,
  opsSettlementApi,
  opsWithdrawalApi,
  opsPaymentApi,
  opsReconciliationApi,
  opsJobApi,
  opsMusicApi,
  // Development only (loopback).
  devApi,
  alipaySandboxApi,
].flatMap((domain) => Object.values(domain));
