/**
 * Every endpoint of the product, domain by domain (ADR 0031): the server registers exactly these, and the OpenAPI
 * documents list exactly these.
 */
import type { EndpointSpec } from './endpoint.js';
import { authApi } from './auth/auth.endpoints.js';
import { userApi } from './user/user.endpoints.js';
import { applyApi, opsApplyApi } from './apply/apply.endpoints.js';
import { channelApi, opsChannelApi } from './channel/channel.endpoints.js';
import { teamApi } from './team/team.endpoints.js';
import { contentApi } from './content/content.endpoints.js';
import { docsApi } from './docs/docs.endpoints.js';
import { orderApi } from './order/order.endpoints.js';

export const endpointTable: readonly EndpointSpec[] = [
  docsApi,
  orderApi,
  authApi,
  userApi,
  applyApi,
  opsApplyApi,
  channelApi,
  opsChannelApi,
  teamApi,
  contentApi,
].flatMap((domain) => Object.values(domain));
